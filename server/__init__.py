"""The authoritative trio server: lobby, rooms, bots, turn timeouts, reconnection, heartbeats."""

from .app import SERVER_VERSION, Session, UnoServer
from .config import ServerConfig

__all__ = ["SERVER_VERSION", "ServerConfig", "Session", "UnoServer"]
