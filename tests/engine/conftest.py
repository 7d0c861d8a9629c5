"""Engine tests. The deck-stacking helpers live in ``stacking.py`` beside this file; the property
tests set their own hypothesis settings (no global profile, so other packages' tests are unaffected).
"""
