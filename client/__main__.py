"""``python -m client host|join ...``: the terminal client's commands."""

import sys

from client.commands import main

sys.exit(main())
