"""engine.scenario.share_link: share-link tokens round-trip, stay small, refuse bad input."""

from __future__ import annotations

import base64
import json
import random
import string
import time
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.scenario.share_link import (
    MAX_JSON_BYTES,
    MAX_TOKEN_CHARS,
    TokenError,
    decode_token,
    encode_token,
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)
json_objects = st.dictionaries(st.text(max_size=10), json_values, max_size=8)


def _raw_token(payload: bytes, prefix: str = "v1.") -> str:
    """A token around arbitrary compressed bytes, to build hostile inputs."""
    return prefix + base64.urlsafe_b64encode(payload).rstrip(b"=").decode("ascii")


def _library_scenario() -> dict:
    """A realistic share: a 60-card library of 20 names, hand, actions and choices."""
    names = [
        "Bloodbraid Elf",
        "Shardless Agent",
        "Violent Outburst",
        "Ardent Plea",
        "Demonic Dread",
        "Lightning Bolt",
        "Counterspell",
        "Forest",
        "Mountain",
        "Island",
        "Stomping Ground",
        "Misty Rainforest",
        "Tarmogoyf",
        "Fire // Ice",
        "Ancestral Vision",
        "Living End",
        "Crashing Footfalls",
        "Restore Balance",
        "Brazen Borrower",
        "Thoughtseize",
    ]
    counts = [4, 4, 4, 4, 3, 4, 2, 4, 3, 2, 4, 4, 2, 2, 4, 3, 2, 1, 2, 2]
    assert len(names) == 20 and sum(counts) == 60
    return {
        "version": 1,
        "title": "Bloodbraid Elf cascades into a split card",
        "seed": 7,
        "players": [
            {
                "name": "You",
                "life": 20,
                "library": {
                    "order": "random",
                    "cards": [{"name": n, "count": c} for n, c in zip(names, counts, strict=True)],
                },
                "hand": ["Bloodbraid Elf", "Violent Outburst"],
                "battlefield": [
                    "Mountain",
                    {"name": "Forest", "tapped": True},
                    {"name": "The First Eruption", "counters": {"lore": 1}},
                ],
                "graveyard": [],
                "exile": [],
            },
            {
                "name": "Opponent",
                "life": 20,
                "library": {"order": "listed", "cards": []},
                "hand": ["Counterspell"],
                "battlefield": ["Grizzly Bears"],
            },
        ],
        "actions": [
            {"do": "cast", "card": "Bloodbraid Elf", "x": 0},
            {"do": "counter", "target": "Bloodbraid Elf", "with": "Counterspell"},
            {"do": "precombat_main"},
        ],
        "choices": ["cast", "face:Fire", "target:p2"],
        "cards": [],
    }


@given(json_objects)
def test_round_trip(data: dict) -> None:
    token = encode_token(data)
    assert token.startswith("v1.")
    assert decode_token(token) == data


@given(json_objects)
def test_token_is_url_safe_and_canonical(data: dict) -> None:
    token = encode_token(data)
    assert all(c.isascii() and (c.isalnum() or c in "-_.") for c in token)
    reordered = dict(reversed(list(data.items())))
    assert encode_token(reordered) == token


def test_sixty_card_library_is_small() -> None:
    data = _library_scenario()
    token = encode_token(data)
    print(f"60-card scenario: {len(token)} token chars ({len(json.dumps(data))} JSON bytes)")
    assert len(token) < 2048
    assert decode_token(token) == data


def test_surrounding_whitespace_is_ignored() -> None:
    token = encode_token({"a": 1})
    assert decode_token(f"  \n{token}\t ") == {"a": 1}


@pytest.mark.parametrize("escape", ["%2E", "%2e"])
def test_url_encoded_copy_is_accepted(escape: str) -> None:
    token = encode_token({"title": "Fire // Ice", "n": [1, 2]})
    pasted = token.replace(".", escape).replace("-", "%2D").replace("_", "%5F")
    assert decode_token(f" {pasted} ") == {"title": "Fire // Ice", "n": [1, 2]}


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("", "empty"),
        ("   \n", "empty"),
        ("v9.eNqrVkpUsjLUUUpSsoo21DGKrQUAJgkEXA", "token version v9 is not supported"),
        ("eNqrVkpUsjLUUUpSsoo21DGKrQUAJgkEXA", "must start with 'v1.'"),
        ("https://example.org/?s=v1.abc", "must start with 'v1.'"),
        ("v1.", "no data"),
        ("v1.eNqrVkpU+jLUUUpSsoo21D", "not base64url"),
        ("v1.eNqrVkpU sjLUUUpSsoo21D", "not base64url"),
        ("v1.eNqrV", "truncated or damaged"),
        ("v1.AAAA", "truncated or tampered"),
    ],
)
def test_bad_tokens_are_named(token: str, message: str) -> None:
    with pytest.raises(TokenError, match=message):
        decode_token(token)


def test_version_error_says_what_this_build_reads() -> None:
    with pytest.raises(TokenError) as info:
        decode_token("v9.eNqrVkpUsjLUUUpSsoo21DGKrQUAJgkEXA")
    assert str(info.value) == "token version v9 is not supported (this build reads v1)"


def test_token_error_is_a_value_error() -> None:
    assert issubclass(TokenError, ValueError)


def test_truncated_token() -> None:
    token = encode_token(_library_scenario())
    for cut in (1, 5, len(token) // 2):
        with pytest.raises(TokenError, match="truncated"):
            decode_token(token[:-cut])


def test_tampered_token() -> None:
    token = encode_token(_library_scenario())
    middle = len(token) // 2
    flipped = "A" if token[middle] != "A" else "B"
    with pytest.raises(TokenError, match="tampered|truncated"):
        decode_token(token[:middle] + flipped + token[middle + 1 :])


def test_checksum_catches_changed_content() -> None:
    raw = bytearray(zlib.compress(b'{"a":1}', 9))
    raw[-1] ^= 0xFF  # the adler32 checksum's last byte
    with pytest.raises(TokenError, match="tampered"):
        decode_token(_raw_token(bytes(raw)))


def test_noncanonical_last_character() -> None:
    token = encode_token({"a": 1, "b": [1, 2]})
    assert len(token.partition(".")[2]) % 4 in (2, 3)  # the last char carries spare bits
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    spare_bit_set = alphabet[alphabet.index(token[-1]) ^ 1]  # same bytes, other text
    with pytest.raises(TokenError, match="tampered"):
        decode_token(token[:-1] + spare_bit_set)


def test_trailing_garbage_after_stream() -> None:
    with pytest.raises(TokenError, match="tampered"):
        decode_token(_raw_token(zlib.compress(b'{"a":1}', 9) + b"junk"))


@pytest.mark.parametrize("token", ["v1." + "A" * MAX_TOKEN_CHARS, "%41" * (4 * MAX_TOKEN_CHARS)])
def test_too_long_token(token: str) -> None:
    with pytest.raises(TokenError, match="too long"):
        decode_token(token)


def test_decompression_bomb_is_refused_quickly() -> None:
    bomb = zlib.compress(b'{"a":"' + b"a" * (5 * 1024 * 1024) + b'"}', 9)
    token = _raw_token(bomb)
    assert len(token) <= MAX_TOKEN_CHARS  # it gets past the length check
    start = time.perf_counter()
    with pytest.raises(TokenError, match="too large"):
        decode_token(token)
    assert time.perf_counter() - start < 1.0


def test_json_size_limit_is_exact() -> None:
    def token_for(text: str) -> str:
        return _raw_token(zlib.compress(text.encode("utf-8")))

    at_limit = '{"a":"' + "x" * (MAX_JSON_BYTES - 8) + '"}'
    assert len(at_limit) == MAX_JSON_BYTES
    assert decode_token(token_for(at_limit)) == {"a": "x" * (MAX_JSON_BYTES - 8)}
    with pytest.raises(TokenError, match="too large"):
        decode_token(token_for(at_limit + " "))


def test_not_json() -> None:
    with pytest.raises(TokenError, match="not contain JSON"):
        decode_token(_raw_token(zlib.compress(b"{not json")))
    with pytest.raises(TokenError, match="not contain JSON"):
        decode_token(_raw_token(zlib.compress(b"\xff\xfe")))
    with pytest.raises(TokenError, match="NaN is not valid JSON"):
        decode_token(_raw_token(zlib.compress(b'{"a":NaN}')))


@pytest.mark.parametrize(("payload", "kind"), [(b"[1,2]", "list"), (b'"s"', "str"), (b"3", "int")])
def test_json_must_be_an_object(payload: bytes, kind: str) -> None:
    with pytest.raises(TokenError, match=f"JSON is a {kind}, expected an object"):
        decode_token(_raw_token(zlib.compress(payload)))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "only a dict"),
        ({"a": {1, 2}}, "not JSON-serialisable"),
        ({"a": float("nan")}, "not JSON-serialisable"),
        ({"a": "x" * (MAX_JSON_BYTES + 1)}, "too large"),
    ],
)
def test_encode_refuses(data: object, message: str) -> None:
    with pytest.raises(TokenError, match=message):
        encode_token(data)  # type: ignore[arg-type]


def test_encode_refuses_incompressible_data_over_the_token_limit() -> None:
    rng = random.Random(1)
    data = {"noise": "".join(rng.choice(string.ascii_letters) for _ in range(2 * MAX_TOKEN_CHARS))}
    with pytest.raises(TokenError, match="too long"):
        encode_token(data)
