"""Reads property lists with CPython's plistlib, for PlistlibDifferentialTests.

stdin: a JSON array of {"name": ..., "hex": ...}, each the bytes of one property list.
stdout: a JSON array, in the same order, of {"name", "ok": true, "value"} or
{"name", "ok": false, "error"}. A value is the text (json.dumps, no spaces, ASCII only) of
a tagged tree both sides can build:
["string", s], ["int", decimal], ["real", 16 hex digits of the IEEE double | "nan"],
["bool", b], ["date", microseconds since 2001-01-01 UTC], ["data", hex], ["uid", n],
["array", [...]], ["dict", [[key, value], ...] with keys sorted, the last of a duplicate kept].
"""
import base64, datetime, json, math, plistlib, struct, sys

EPOCH = datetime.datetime(2001, 1, 1)
sys.setrecursionlimit(20000)  # the ported suites nest 512 deep


def canon(value):
    if isinstance(value, bool):
        return ["bool", value]
    if isinstance(value, plistlib.UID):
        return ["uid", str(value.data)]
    if isinstance(value, int):
        return ["int", str(value)]
    if isinstance(value, float):
        return ["real", "nan" if math.isnan(value) else struct.pack(">d", value).hex()]
    if isinstance(value, str):
        return ["string", value]
    if isinstance(value, (bytes, bytearray)):
        return ["data", bytes(value).hex()]
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        delta = value - EPOCH
        return ["date", str((delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds)]
    if isinstance(value, list):
        return ["array", [canon(item) for item in value]]
    if isinstance(value, dict):
        return ["dict", [[str(key), canon(value[key])] for key in sorted(value, key=str)]]
    return ["unknown", type(value).__name__]


def read(case):
    try:
        value = plistlib.loads(bytes.fromhex(case["hex"]))
        text = json.dumps(canon(value), separators=(",", ":"), ensure_ascii=True)
        return {"name": case["name"], "ok": True, "value": text}
    except Exception as error:  # plistlib raises many kinds; each is a refusal
        return {"name": case["name"], "ok": False, "error": f"{type(error).__name__}: {error}"[:300]}


json.dump([read(case) for case in json.load(sys.stdin)], sys.stdout)
