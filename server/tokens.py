"""Resume tokens: ``<id>.<secret>``. The id finds the session; the 128-bit secret is compared in
constant time, so neither a lookup nor a comparison leaks how much of a guess was right."""

from __future__ import annotations

import hmac
import secrets


def new_token() -> tuple[str, str]:
    """A fresh (session id, secret) pair."""
    return secrets.token_hex(8), secrets.token_hex(16)


def split_token(token: str) -> tuple[str, str] | None:
    sid, dot, secret = token.partition(".")
    if not dot or not sid or not secret:
        return None
    return sid, secret


def same_secret(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())
