"""Python's requests keeping a copy in sync: each ask of stdin (JSON), then again with its ETag.

Prints, as JSON, what requests handed over of each pair of answers (see clients.ts).
"""
import json
import sys

import requests


def seen(response):
    return {
        "status": response.status_code,
        "etag": response.headers.get("etag"),
        "encoding": response.headers.get("content-encoding"),
        "body": response.text,
    }


def main(origin):
    pairs = []
    for ask in json.load(sys.stdin):
        # requests asks for gzip by default; "identity" asks for none.
        headers = {} if ask["gzip"] else {"Accept-Encoding": "identity"}
        url = origin + ask["target"]
        first = requests.request(ask["method"], url, headers=headers, timeout=60)
        again = {**headers, "If-None-Match": first.headers.get("etag", "")}
        second = requests.request(ask["method"], url, headers=again, timeout=60)
        pairs.append([seen(first), seen(second)])
    json.dump(pairs, sys.stdout)


main(sys.argv[1])
