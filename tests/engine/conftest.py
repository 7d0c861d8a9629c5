"""Engine tests. The deck-stacking helpers live in ``tests/kit/deck.py``; the property
tests set their own hypothesis settings over the suite's profile (tests/conftest.py: the same
examples every run).
"""
