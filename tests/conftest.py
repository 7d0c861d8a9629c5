"""Every test folder imports the shared test kit, ``tests/kit``: pytest puts this folder (the
first one up without an ``__init__.py``) on ``sys.path`` when it loads this file."""
