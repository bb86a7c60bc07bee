"""Ops shaped to one card, each module named after the card (or the Saga chapter) it was
written for; other cards' data may use them too. Imported by engine/ops/__init__.py."""
