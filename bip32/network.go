package bip32

const (
	// HardenedKeyStart is the first hardened child index, 2³¹: indices
	// below it are normal children, which a public extended key can derive,
	// and indices from it on are hardened children (written i' or ih), which
	// only a private extended key can derive.
	HardenedKeyStart = 0x80000000

	// MinSeedBytes and MaxSeedBytes bound the length of a seed (BIP-32:
	// 128 to 512 bits; 256 are recommended).
	MinSeedBytes = 16
	MaxSeedBytes = 64
)

// Network is the pair of version bytes that start a serialized extended key,
// each as a big-endian number: Private for private keys and Public for
// public keys. An extended key keeps its Network, so that Neuter and
// derivation keep the kind of serialization (a tprv neuters to a tpub).
//
// Mainnet and Testnet are BIP-32's pairs. Other pairs, such as SLIP-132's
// for a script type (zprv/zpub: 0x04B2430C/0x04B24746), are written as
// literals, bip32.Network{Private: 0x04B2430C, Public: 0x04B24746}, and
// given to NewMaster, ParseExtendedKey or WithNetwork. The zero Network is
// not a pair: the functions return ErrNetwork for it, and for any pair whose
// versions are equal.
type Network struct {
	Private, Public uint32
}

var (
	// Mainnet is the pair of Bitcoin's main network: xprv and xpub.
	Mainnet = Network{Private: 0x0488ADE4, Public: 0x0488B21E}
	// Testnet is the pair of Bitcoin's test networks (testnet, signet,
	// regtest): tprv and tpub.
	Testnet = Network{Private: 0x04358394, Public: 0x043587CF}
)

// check returns ErrNetwork if n's versions are equal.
func (n Network) check() error {
	if n.Private == n.Public {
		return ErrNetwork
	}
	return nil
}

// version returns n's private or public version.
func (n Network) version(private bool) uint32 {
	if private {
		return n.Private
	}
	return n.Public
}
