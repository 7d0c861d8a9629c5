"""The authoritative trio server: lobby, rooms, bots, turn timeouts, reconnection, heartbeats."""

from .app import SERVER_VERSION, UnoServer
from .config import ServerConfig
from .people import Session

__all__ = ["SERVER_VERSION", "ServerConfig", "Session", "UnoServer"]
