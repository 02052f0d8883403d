package keyfmt

import (
	"bytes"
	"encoding/pem"
	"fmt"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
)

// The PEM block types of this package (RFC 7468 §§10–13, and OpenSSL's
// "EC PRIVATE KEY" and "EC PARAMETERS").
const (
	pemECPrivateKey        = "EC PRIVATE KEY"
	pemPKCS8               = "PRIVATE KEY"
	pemEncryptedPrivateKey = "ENCRYPTED PRIVATE KEY"
	pemPublicKey           = "PUBLIC KEY"
	pemECParameters        = "EC PARAMETERS"
)

// ParsePrivateKeyPEM parses a private key from PEM data: one "EC PRIVATE
// KEY" block (SEC 1, as ParseECPrivateKey reads it) or one "PRIVATE KEY"
// block (PKCS #8, as ParsePKCS8PrivateKey reads it).
//
// "EC PARAMETERS" blocks, which openssl ecparam -genkey writes before the
// key, are allowed and must name the curve secp256k1. Any other block, a
// second key, or a block with headers (RFC 7468 §2 has none) is ErrPEM; an
// "ENCRYPTED PRIVATE KEY" block or a legacy encrypted block (Proc-Type
// "4,ENCRYPTED" or DEK-Info headers) is ErrEncrypted. Text before and
// between blocks is skipped, as pem.Decode does; anything but white space
// after the last block is ErrTrailingData, so that a truncated or damaged
// last block is not silently ignored; a damaged block before another is
// ErrPEM.
func ParsePrivateKeyPEM(data []byte) (*secp256k1.PrivateKey, error) {
	blocks, err := pemBlocks(data)
	defer wipeBlocks(blocks)
	if err != nil {
		return nil, err
	}
	var k *secp256k1.PrivateKey
	fail := func(err error) (*secp256k1.PrivateKey, error) {
		if k != nil {
			k.Zero()
		}
		return nil, err
	}
	for _, b := range blocks {
		if err := checkHeaders(b); err != nil {
			return fail(err)
		}
		var parse func([]byte) (*secp256k1.PrivateKey, error)
		switch b.Type {
		case pemECParameters:
			if err := parseECParameters(b.Bytes); err != nil {
				return fail(err)
			}
			continue
		case pemECPrivateKey:
			parse = ParseECPrivateKey
		case pemPKCS8:
			parse = ParsePKCS8PrivateKey
		default:
			return fail(fmt.Errorf("%w: a %q block where a private key is expected", ErrPEM, b.Type))
		}
		if k != nil {
			return fail(fmt.Errorf("%w: more than one private key", ErrPEM))
		}
		if k, err = parse(b.Bytes); err != nil {
			return nil, err
		}
	}
	if k == nil {
		return nil, fmt.Errorf("%w: no %q or %q block", ErrPEM, pemECPrivateKey, pemPKCS8)
	}
	return k, nil
}

// ParsePublicKeyPEM parses a public key from PEM data: one "PUBLIC KEY"
// block (SubjectPublicKeyInfo, as ParsePKIXPublicKey reads it). The rules
// of ParsePrivateKeyPEM for other blocks, headers and trailing data apply.
func ParsePublicKeyPEM(data []byte) (*secp256k1.PublicKey, error) {
	blocks, err := pemBlocks(data)
	defer wipeBlocks(blocks)
	if err != nil {
		return nil, err
	}
	var p *secp256k1.PublicKey
	for _, b := range blocks {
		if err := checkHeaders(b); err != nil {
			return nil, err
		}
		switch b.Type {
		case pemECParameters:
			if err := parseECParameters(b.Bytes); err != nil {
				return nil, err
			}
		case pemPublicKey:
			if p != nil {
				return nil, fmt.Errorf("%w: more than one public key", ErrPEM)
			}
			if p, err = ParsePKIXPublicKey(b.Bytes); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%w: a %q block where a public key is expected", ErrPEM, b.Type)
		}
	}
	if p == nil {
		return nil, fmt.Errorf("%w: no %q block", ErrPEM, pemPublicKey)
	}
	return p, nil
}

// pemBlocks decodes the PEM blocks of data, skipping text before and
// between them as pem.Decode does, and fails if there is none, if more
// than white space follows the last, or if a BEGIN line does not start a
// well-formed block. pem.Decode alone would skip such a damaged block (bad
// base64, no END line) as text and go on to the next one.
func pemBlocks(data []byte) ([]*pem.Block, error) {
	begin := []byte("-----BEGIN")
	var blocks []*pem.Block
	for {
		i := bytes.Index(data, begin)
		if i < 0 {
			break
		}
		b, rest := pem.Decode(data[i:])
		if b == nil {
			break // a damaged last block: trailing data, below
		}
		if consumed := len(data) - i - len(rest); bytes.Contains(data[i+1:i+consumed], begin) {
			// Decode skipped this BEGIN line, a damaged block, to a later
			// block.
			wipeBlocks(blocks)
			wipeBlocks([]*pem.Block{b})
			return nil, fmt.Errorf("%w: a damaged PEM block before another", ErrPEM)
		}
		blocks, data = append(blocks, b), rest
	}
	if len(blocks) == 0 {
		return nil, fmt.Errorf("%w: no PEM block found", ErrPEM)
	}
	if len(bytes.TrimSpace(data)) != 0 {
		return blocks, fmt.Errorf("%w: after the last PEM block (or a damaged block)", ErrTrailingData)
	}
	return blocks, nil
}

// checkHeaders rejects encrypted blocks and blocks with headers.
func checkHeaders(b *pem.Block) error {
	_, dekInfo := b.Headers["DEK-Info"]
	if b.Type == pemEncryptedPrivateKey || dekInfo || strings.Contains(b.Headers["Proc-Type"], "ENCRYPTED") {
		return fmt.Errorf("%w: a %q block", ErrEncrypted, b.Type)
	}
	if len(b.Headers) != 0 {
		return fmt.Errorf("%w: the %q block has headers (RFC 7468 §2 allows none)", ErrPEM, b.Type)
	}
	return nil
}

// wipeBlocks overwrites the decoded content of blocks, which may hold a
// private key.
func wipeBlocks(blocks []*pem.Block) {
	for _, b := range blocks {
		clear(b.Bytes)
	}
}

// MarshalECPrivateKeyPEM returns k as an "EC PRIVATE KEY" PEM block holding
// MarshalECPrivateKey's encoding, as openssl ec writes it. It returns
// secp256k1.ErrUninitialized if k is nil or the zero value.
func MarshalECPrivateKeyPEM(k *secp256k1.PrivateKey) ([]byte, error) {
	der, err := MarshalECPrivateKey(k)
	if err != nil {
		return nil, err
	}
	return encodePEM(pemECPrivateKey, der), nil
}

// MarshalPKCS8PrivateKeyPEM returns k as a "PRIVATE KEY" PEM block holding
// MarshalPKCS8PrivateKey's encoding, as openssl pkey and openssl genpkey
// write it. It returns secp256k1.ErrUninitialized if k is nil or the zero
// value.
func MarshalPKCS8PrivateKeyPEM(k *secp256k1.PrivateKey) ([]byte, error) {
	der, err := MarshalPKCS8PrivateKey(k)
	if err != nil {
		return nil, err
	}
	return encodePEM(pemPKCS8, der), nil
}

// MarshalPublicKeyPEM returns p as a "PUBLIC KEY" PEM block holding
// MarshalPKIXPublicKey's encoding (the uncompressed point), as openssl ec
// -pubout writes it. It returns secp256k1.ErrUninitialized if p is nil or
// the zero value.
func MarshalPublicKeyPEM(p *secp256k1.PublicKey) ([]byte, error) {
	der, err := MarshalPKIXPublicKey(p)
	if err != nil {
		return nil, err
	}
	return encodePEM(pemPublicKey, der), nil
}

// encodePEM returns der as a PEM block of the given type, and wipes der.
func encodePEM(typ string, der []byte) []byte {
	defer clear(der)
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}
