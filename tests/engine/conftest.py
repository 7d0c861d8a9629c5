"""Engine tests. The deck-stacking helpers live in ``tests/kit/deck.py``; the property
tests set their own hypothesis settings (no global profile, so other packages' tests are unaffected).
"""
