# Extracts the fixed rangeproof vectors of secp256k1-zkp (see README.md) into zkp_vectors.json.
# Run from this directory with the zkp source extracted at /tmp/zkp-src.
import re, json
src = open('/tmp/zkp-src/src/modules/rangeproof/tests_impl.h').read()
lines = src.split('\n')
def arr(name, start_line=1):
    text = '\n'.join(lines[start_line-1:])
    m = re.search(r'unsigned char ' + re.escape(name) + r'\[\] = \{(.*?)\};', text, re.S)
    return bytes(int(x, 16) for x in re.findall(r'0x([0-9a-fA-F]{2})', m.group(1))).hex()
def line_of(pat):
    for i, l in enumerate(lines):
        if pat in l: return i+1
fixed = line_of('static void test_rangeproof_fixed_vectors(void)')
repro = line_of('static void test_rangeproof_fixed_vectors_reproducible(void)')
msg2 = b"When I see my own likeness in the depths of someone else's consciousness,  I always experience a moment of panic.\x00"
commit1 = arr('commit_1', fixed); commit2 = arr('commit_2', fixed)
vb = arr('vector_blind'); vn = arr('vector_nonce')
out = [
 dict(name="fixed_vector_1", source="test_rangeproof_fixed_vectors, vector 1 (no message)", proof=arr('vector_1', fixed), commit=commit1,
      nonce=commit1[:64], blind=arr('blind_1', fixed), value=86, min_value=86, max_value=25586, message_len=448, message="00"*448),
 dict(name="fixed_vector_2", source="test_rangeproof_fixed_vectors, vector 2 (embedded message)", proof=arr('vector_2', fixed), commit=commit2,
      nonce=commit2[:64], blind=arr('blind_2', fixed), value=11, min_value=0, max_value=15, message_len=192, message=msg2.hex()),
 dict(name="fixed_vector_3", source="test_rangeproof_fixed_vectors, vector 3 (single-value proof of UINT64_MAX)", proof=arr('vector_3', fixed), commit=arr('commit_3', fixed),
      nonce=arr('nonce_3', fixed), blind=arr('blind_3', fixed), value=2**64-1, min_value=2**64-1, max_value=2**64-1, message_len=0, message=""),
]
maxmsg = "ff"*3968
out += [
 dict(name="reproducible_0", source="test_rangeproof_fixed_vectors_reproducible, maximum value, min_bits, message and exp", proof=arr('vector_0', repro), commit=arr('commit_0', repro),
      nonce=vn, blind=vb, value=2**64-1, min_value=0, max_value=2**64-1, message_len=3968, message=maxmsg,
      sign=dict(value=2**64-1, min_value=0, exp=18, min_bits=64, message=maxmsg)),
 dict(name="reproducible_1", source="test_rangeproof_fixed_vectors_reproducible, min_bits = 3", proof=arr('vector_1', repro), commit=arr('commit_1', repro),
      nonce=vn, blind=vb, value=13, min_value=3, max_value=73, message_len=128, message="ff"*128,
      sign=dict(value=13, min_value=1, exp=1, min_bits=3, message="ff"*128)),
 dict(name="reproducible_2", source="test_rangeproof_fixed_vectors_reproducible, large min_value", proof=arr('vector_2', repro), commit=arr('commit_2', repro),
      nonce=vn, blind=vb, value=2**63-1, min_value=2**63-2, max_value=2**63-1, message_len=0, message="",
      sign=dict(value=2**63-1, min_value=2**63-2, exp=0, min_bits=1, message="")),
]
for v in out:
    print(v['name'], len(v['proof'])//2)
json.dump(out, open('zkp_vectors.json','w'), indent=1)
