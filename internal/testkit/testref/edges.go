package testref

import "math/big"

// Bytes32 returns x (0 ≤ x < 2²⁵⁶) as 32 big-endian bytes.
func Bytes32(x *big.Int) []byte { return x.FillBytes(make([]byte, 32)) }

// ScalarEdges returns fuzz seeds at the edges of an argument that must be a
// 32-byte scalar or key: the wrong lengths (nil, empty, 31 and 33 zero
// bytes) and the 32-byte encodings of 0, 1, n − 1, n and 2²⁵⁶ − 1.
func ScalarEdges() [][]byte {
	one := big.NewInt(1)
	max := new(big.Int).Lsh(one, 256)
	return [][]byte{
		nil, {}, make([]byte, 31), make([]byte, 33),
		make([]byte, 32), Bytes32(one), Bytes32(new(big.Int).Sub(N, one)), Bytes32(N),
		Bytes32(max.Sub(max, one)),
	}
}
