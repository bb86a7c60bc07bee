"""The creature types (CR 205.3m) a player can choose or note: every creature subtype printed
on a creature or Kindred card of the bundled pool (Un-cards left out), a bounded list the
decisions offer. ``tests/engine/test_ops_named.py`` keeps it equal to the pool's.

Data only; imports nothing.
"""

from __future__ import annotations

CREATURE_TYPES: tuple[str, ...] = (
    "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon",
    "Armadillo", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs",
    "Avatar", "Azra", "Badger", "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast", "Beaver",
    "Beeble", "Beholder", "Berserker", "Bird", "Bison", "Boar", "Book", "Bringer", "Brushwagg",
    "C'tan", "Camel", "Capybara", "Carrier", "Cat", "Centaur", "Chimera", "Citizen", "Cleric",
    "Clown", "Cockatrice", "Construct", "Coward", "Coyote", "Crab", "Crocodile", "Custodes",
    "Cyberman", "Cyclops", "Dalek", "Dauthi", "Demigod", "Demon", "Detective", "Devil",
    "Dinosaur", "Djinn", "Doctor", "Dog", "Dragon", "Drake", "Dreadnought", "Drix", "Drone",
    "Druid", "Dryad", "Dwarf", "Echidna", "Efreet", "Egg", "Elder", "Eldrazi", "Elemental",
    "Elephant", "Elf", "Elk", "Eternal", "Eye", "Faerie", "Ferret", "Fish", "Flagbearer", "Fox",
    "Fractal", "Frog", "Fungus", "Gamma", "Gargoyle", "Giant", "Giraffe", "Gith", "Glimmer",
    "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon", "Gremlin", "Griffin", "Hag",
    "Halfling", "Hamster", "Harpy", "Hedgehog", "Hellion", "Hero", "Hippo", "Hippogriff",
    "Homarid", "Homunculus", "Horror", "Horse", "Human", "Hydra", "Hyena", "Illusion", "Imp",
    "Incarnation", "Inhuman", "Inkling", "Inquisitor", "Insect", "Jackal", "Jellyfish",
    "Juggernaut", "Kangaroo", "Kavu", "Kirin", "Kithkin", "Knight", "Kobold", "Kor", "Kraken",
    "Kree", "Lamia", "Lammasu", "Leech", "Lemur", "Leviathan", "Lhurgoyf", "Licid", "Lizard",
    "Lobster", "Manticore", "Masticore", "Mercenary", "Merfolk", "Metathran", "Minion",
    "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moogle", "Moonfolk",
    "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus", "Necron", "Nephilim", "Nightmare",
    "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus", "Ogre", "Ooze",
    "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Peasant", "Pegasus",
    "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian", "Pilot", "Pirate", "Plant",
    "Platypus", "Porcupine", "Possum", "Praetor", "Primarch", "Processor", "Qu", "Rabbit",
    "Raccoon", "Ranger", "Rat", "Rebel", "Reflection", "Rhino", "Rigger", "Robot", "Rogue",
    "Sable", "Salamander", "Samurai", "Sand", "Saproling", "Satyr", "Scarecrow", "Scientist",
    "Scorpion", "Scout", "Seal", "Serpent", "Shade", "Shaman", "Shapeshifter", "Shark", "Sheep",
    "Shi'ar", "Siren", "Skeleton", "Skrull", "Skunk", "Slith", "Sliver", "Sloth", "Slug", "Snail",
    "Snake", "Soldier", "Soltari", "Sorcerer", "Spawn", "Specter", "Spellshaper", "Sphinx",
    "Spider", "Spike", "Spirit", "Sponge", "Spy", "Squid", "Squirrel", "Starfish", "Surrakar",
    "Survivor", "Symbiote", "Synth", "Thalakos", "Thopter", "Thrull", "Tiefling", "Time Lord",
    "Toy", "Treefolk", "Trilobite", "Troll", "Turtle", "Tyranid", "Unicorn", "Utrom", "Vampire",
    "Varmint", "Vedalken", "Villain", "Volver", "Wall", "Walrus", "Warlock", "Warrior", "Weasel",
    "Weird", "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm", "Wraith",
    "Wurm", "Yeti", "Zombie", "Zubera",
)  # fmt: skip

#: Subtypes that are not creature types (205.3g artifact, 205.3h enchantment, 205.3i land,
#: 205.3q battle types) although a creature can have them ("Artifact Creature — Equipment"):
#: never offered as a creature type.
NONCREATURE_SUBTYPES: frozenset[str] = frozenset(
    "Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator "
    "Infinity Junk Lander Map Mutagen Powerstone Spacecraft Stone Treasure Vehicle "
    "Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine "
    "Cave Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant "
    "Sphere Swamp Tower Town Urza's Siege".split()
)
