"""Compact, URL-safe tokens for JSON-able dicts (scenarios in share links).

Format: ``"v1." + base64url-without-padding(zlib.compress(canonical JSON, 9))``.
Canonical JSON (sorted keys, no spaces) makes equal dicts give equal tokens.
Stdlib only, so it runs unchanged in Pyodide.

A token comes from a URL a stranger pasted, so decoding is defensive: the token
length is capped before any work, decompression stops at ``MAX_JSON_BYTES``
instead of inflating a zip bomb, and the JSON nesting depth is checked (linearly)
before ``json.loads``. Limits live in ``engine.base.limits``.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from engine.base import limits

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_TOKEN_CHARS",
    "TOKEN_VERSION",
    "TokenError",
    "decode_token",
    "encode_token",
]

TOKEN_VERSION = "v1"
MAX_TOKEN_CHARS = limits.TOKEN_MAX_CHARS
MAX_JSON_BYTES = limits.TOKEN_MAX_JSON_BYTES
MAX_JSON_DEPTH = limits.JSON_MAX_DEPTH

_PREFIX = TOKEN_VERSION + "."
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_VERSION = re.compile(r"v\d+")


class TokenError(ValueError):
    """A token that cannot be decoded; the message names the problem for the user."""


def encode_token(data: dict[str, Any]) -> str:
    """Encode a JSON-able dict as a ``v1.`` token; TokenError if too big or not JSON-able."""
    if not isinstance(data, dict):
        raise TokenError(f"only a dict can be encoded, not {type(data).__name__}")
    try:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TokenError(f"data is not JSON-serialisable: {exc}") from exc
    raw = text.encode("utf-8")
    if len(raw) > MAX_JSON_BYTES:
        raise TokenError(f"data is too large: {len(raw)} bytes of JSON (limit {MAX_JSON_BYTES})")
    body = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
    token = _PREFIX + body
    if len(token) > MAX_TOKEN_CHARS:
        raise TokenError(
            f"token would be too long: {len(token)} characters (limit {MAX_TOKEN_CHARS})"
        )
    return token


def decode_token(token: str) -> dict[str, Any]:
    """Decode a token made by :func:`encode_token`; TokenError naming what is wrong."""
    if not isinstance(token, str):
        raise TokenError(f"a token must be a string, not {type(token).__name__}")
    if len(token) > limits.TOKEN_MAX_URL_CHARS:  # before any work on it (a link's cap)
        raise TokenError(
            f"token is too long: {len(token):,} characters (limit {limits.TOKEN_MAX_URL_CHARS:,})"
        )
    token = token.strip()
    if "%" in token:  # a URL-encoded copy was pasted ('v1%2E...')
        import urllib.parse  # here: only a pasted link needs it (``import engine`` doesn't)

        token = urllib.parse.unquote(token).strip()
    if not token:
        raise TokenError("token is empty")
    if len(token) > MAX_TOKEN_CHARS:
        raise TokenError(f"token is too long: {len(token)} characters (limit {MAX_TOKEN_CHARS})")
    version, dot, body = token.partition(".")
    if not dot or not _VERSION.fullmatch(version):
        raise TokenError(f"not a token: it must start with '{_PREFIX}'")
    if version != TOKEN_VERSION:
        raise TokenError(
            f"token version {version} is not supported (this build reads {TOKEN_VERSION})"
        )
    if not body:
        raise TokenError(f"token has no data after the '{_PREFIX}' prefix")
    if not _BASE64URL.fullmatch(body):
        bad = sorted({c for c in body if not _BASE64URL.fullmatch(c)})
        shown = "".join(bad[:5])
        raise TokenError(f"token contains characters that are not base64url: {shown!r}")
    if len(body) % 4 == 1:
        raise TokenError("token is truncated or damaged (impossible base64 length)")
    # Cannot fail: the alphabet and the length were checked above.
    compressed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    if base64.urlsafe_b64encode(compressed).rstrip(b"=").decode("ascii") != body:
        # Stray low bits in the last character: an encoder never writes that.
        raise TokenError("token is tampered with: its last character is not canonical base64url")
    raw = _inflate(compressed)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TokenError(f"token does not contain JSON: {exc}") from exc
    if limits.json_too_deep(text, MAX_JSON_DEPTH):  # before json.loads, which recurses
        raise TokenError(f"token JSON is nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (RecursionError, ValueError) as exc:
        raise TokenError(f"token does not contain JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise TokenError(f"token JSON is a {type(data).__name__}, expected an object")
    return data


def _refuse_constant(name: str) -> None:
    """NaN and Infinity are not JSON; encode_token never writes them."""
    raise ValueError(f"{name} is not valid JSON")


def _inflate(compressed: bytes) -> bytes:
    """Decompress at most MAX_JSON_BYTES; refuse more without inflating it."""
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(compressed, MAX_JSON_BYTES + 1)
    except zlib.error as exc:
        raise TokenError(f"token is truncated or tampered with (zlib: {exc})") from exc
    if len(raw) > MAX_JSON_BYTES:
        raise TokenError(f"token data is too large: over {MAX_JSON_BYTES} bytes decompressed")
    if not inflater.eof:
        raise TokenError("token is truncated: the compressed data ends early")
    if inflater.unused_data:
        raise TokenError("token is tampered with: extra bytes after the compressed data")
    return raw
