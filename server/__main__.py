"""``python -m server`` is ``uno server``."""

import argparse
import sys

from .main import add_arguments, main

parser = argparse.ArgumentParser(prog="uno server", description="The headless UNO server.")
add_arguments(parser)
sys.exit(main(parser.parse_args()))
