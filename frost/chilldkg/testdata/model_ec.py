import hashlib
p=2**256-2**32-977; n=0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G=(0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)
def add(P,Q):
    if P is None: return Q
    if Q is None: return P
    if P[0]==Q[0] and (P[1]+Q[1])%p==0: return None
    if P==Q: l=3*P[0]*P[0]*pow(2*P[1],p-2,p)%p
    else: l=(Q[1]-P[1])*pow(Q[0]-P[0],p-2,p)%p
    x=(l*l-P[0]-Q[0])%p; return (x,(l*(P[0]-x)-P[1])%p)
def mul(k,P):
    R=None
    for i in range(256,-1,-1):
        R=add(R,R)
        if (k>>i)&1: R=add(R,P)
    return R
def cbytes(P):
    if P is None: return bytes(33)
    return bytes([2+(P[1]&1)])+P[0].to_bytes(32,'big')
def lift(b):
    x=int.from_bytes(b[1:],'big'); y2=(x**3+7)%p; y=pow(y2,(p+1)//4,p)
    if y*y%p!=y2: raise ValueError
    if (y&1)!=(b[0]&1): y=p-y
    return (x,y)
def th(tag,m):
    t=hashlib.sha256(tag.encode()).digest(); return hashlib.sha256(t+t+m).digest()
def i2b(i): return i.to_bytes(32,'big')
def b2i(b): return int.from_bytes(b,'big')
def schnorr_sign(msg,sk,aux,prefix="BIP0340"):
    d0=b2i(sk); P=mul(d0,G); d=d0 if P[1]%2==0 else n-d0
    t=(d^b2i(th(prefix+"/aux",aux))).to_bytes(32,'big')
    k0=b2i(th(prefix+"/nonce",t+i2b(P[0])+msg))%n
    R=mul(k0,G); k=k0 if R[1]%2==0 else n-k0
    e=b2i(th(prefix+"/challenge",i2b(R[0])+i2b(P[0])+msg))%n
    return i2b(R[0])+i2b((k+e*d)%n)
