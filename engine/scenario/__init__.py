"""Input: a scenario (setup, actions, answers, seed), its share-link codec, and objects named
the way an author knows them. The runner above registers itself (``register_runner``)."""
