from ec import *
import json, hashlib
def prf(seed,tag,extra=b''): return th('BIP DKG/'+tag, seed+extra)
d=json.load(open('/work/shared/vectors/chilldkg/participant_step1_vectors.json'))
for g in d['testGroups']:
  for tc in g['validTestCases']:
    sk=bytes.fromhex(tc['hostseckey']); hp=[bytes.fromhex(h) for h in tc['params']['hostpubkeys']]; t=tc['params']['t']; rnd=bytes.fromhex(tc['random'])
    N=len(hp); idx=hp.index(cbytes(mul(b2i(sk),G))); ctx=t.to_bytes(4,'big')+b''.join(hp)
    ss=prf(sk,'encpedpop seed',rnd+ctx)
    c=[b2i(prf(ss,'vss coeffs',i.to_bytes(4,'big')))%n for i in range(t)]
    com=b''.join(cbytes(mul(a,G)) for a in c)
    pop=schnorr_sign(idx.to_bytes(4,'big'),i2b(c[0]),prf(ss,'simplpedpop aux'),'BIP DKG/pop message')
    sn=b2i(prf(ss,'encpedpop secnonce'))%n; pn=cbytes(mul(sn,G))
    enc=b''
    for j in range(N):
      sh=sum(a*pow(j+1,k,n) for k,a in enumerate(c))%n; cx=j.to_bytes(4,'big')+ctx
      if j==idx: pad=b2i(prf(sk,'encaps_multi self_pad',pn+cx))%n
      else: pad=b2i(th('BIP DKG/encpedpop ecdh',hashlib.sha256(cbytes(mul(sn,lift(hp[j])))).digest()+pn+hp[j]+cx))%n
      enc+=i2b((sh+pad)%n)
    print(tc['tcId'], com+pop+pn+enc==bytes.fromhex(tc['expectedPmsg1']))
