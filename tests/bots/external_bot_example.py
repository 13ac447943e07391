"""A tiny external bot for the tests, speaking docs/bot-protocol.md over stdin and stdout.

It answers the first legal action.  Given a mode and a decision number it misbehaves from that
decision on, so the tests can check how a table reports a broken bot:

    python external_bot_example.py                 # plays the first legal action
    python external_bot_example.py crash 3         # exits with status 3 at decision 3
    python external_bot_example.py hang 1          # never answers decision 1
    python external_bot_example.py nonsense 2      # answers "banana"
    python external_bot_example.py illegal 1       # answers an action that is not legal
    python external_bot_example.py plain 0         # answers in plain notation, not JSON
"""

import json
import sys
import time


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "first"
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            print(json.dumps({"type": "ready", "name": "example"}), flush=True)
        elif kind == "decide":
            number = message["id"]
            legal = message["view"]["legal_actions"]
            if number >= start:
                if mode == "crash":
                    print("crashing on purpose", file=sys.stderr, flush=True)
                    return 3
                if mode == "hang":
                    time.sleep(60)
                if mode == "nonsense":
                    print("banana", flush=True)
                    continue
                if mode == "illegal":
                    print(json.dumps({"type": "action", "id": number, "action": "lay Q♠ Q♠"}),
                          flush=True)
                    continue
                if mode == "plain":
                    print(legal[0], flush=True)
                    continue
            print(json.dumps({"type": "action", "id": number, "action": legal[0]}), flush=True)
        elif kind == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
