"""``python -m client host|join ...``: the same commands as ``uno`` (client/cli.py)."""

import sys

from client.cli import main

sys.exit(main())
