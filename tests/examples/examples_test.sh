#!/usr/bin/env bash
# Runs the examples and checks their output (see BUILD.bazel).
set -euo pipefail
order_to_er=$1
send_with_template=$2
check=$3
tmp=${TEST_TMPDIR:-$(mktemp -d)}

# A NewOrderSingle with its BodyLength and CheckSum computed here, not by fixwire.
body='35=D|49=CLIENT|56=GATEWAY|34=7|52=20261206-10:00:00.000|11=ORD-42|21=1|55=EURUSD|54=2|60=20261206-10:00:00.000|38=250|40=2|44=1.0875|'
order=$(python3 - "$body" <<'PY'
import sys
body = sys.argv[1].replace("|", "\x01")
head = f"8=FIX.4.4\x019={len(body)}\x01"
msg = head + body
print((msg + "10=%03d\x01" % (sum(msg.encode()) % 256)).replace("\x01", "|"))
PY
)

# 1. The order is answered: an ExecutionReport back to the sender, echoing the order.
"$order_to_er" "$order" > "$tmp/er.txt"
python3 "$check" "$tmp/er.txt" 8=FIX.4.4 35=8 49=GATEWAY 56=CLIENT 11=ORD-42 55=EURUSD 54=2 \
  38=250 44=1.0875 151=250 150=0 39=0 14=0 6=0 '37=*' '17=*' '52=*' > /dev/null

# 2. A corrupted order (CheckSum off by one) is refused with the error's name.
bad=$(sed -E 's/10=([0-9]{3})\|$/10=\1X|/' <<<"$order")
bad=${bad/X/}
bad_sum=$(( (10#$(grep -oE '10=[0-9]{3}' <<<"$order" | cut -c4-) + 1) % 256 ))
bad=$(sed -E "s/10=[0-9]{3}\|\$/10=$(printf %03d $bad_sum)|/" <<<"$order")
if "$order_to_er" "$bad" > /dev/null 2> "$tmp/err.txt"; then
  echo "a corrupted order was answered"; exit 1
fi
grep -q "check_sum_mismatch" "$tmp/err.txt" || { cat "$tmp/err.txt"; exit 1; }

# 3. Templates: 1,000 orders, every one well formed, sequence numbers 1..1000 in order.
"$send_with_template" 1000 > "$tmp/orders.txt"
[[ $(wc -l < "$tmp/orders.txt") -eq 1000 ]] || { echo "expected 1000 orders"; exit 1; }
python3 "$check" "$tmp/orders.txt" 8=FIX.4.4 35=D 49=GATEWAY 56=VENUE 21=1 40=2 59=0 '11=*' \
  '55=*' '54=*' '38=*' '44=*' '60=*' '52=*' > "$tmp/orders.json"
python3 - "$tmp/orders.json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
for i, r in enumerate(rows, 1):
    assert r["34"] == str(i), (i, r["34"])
    assert r["11"] == f"ORD-{i}", r["11"]
    assert r["38"] == str(100 * i), r["38"]
    assert r["55"] == ("EURUSD" if i % 2 == 1 else "GBPUSD"), r["55"]
print("templates ok")
PY
echo "examples ok"
