"""The server's refusal codes by name: each constant is its cause's ``code``."""

import re

from server import errors


def test_each_code_by_name_is_its_causes_code() -> None:
    for cause in errors.CAUSES:
        name = re.sub(r"(?<!^)(?=[A-Z])", "_", cause.__name__).upper()  # NoSuchRoom: NO_SUCH_ROOM
        assert getattr(errors, name) == cause.code, name
