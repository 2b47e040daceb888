// What a model version's signatures amount to for this store, as one word: the signature policy
// (signature_policy.h) lets only kTrusted through, and the audit reports the state of every
// deployed version with these names. Plain data, header-only.
#pragma once

#include <cstdint>
#include <string_view>

namespace arenastore::store {

enum class SignatureState : uint8_t {
  kTrusted = 0,    // a signature by a trusted key verifies
  kUnsigned = 1,   // no signature at all
  kUntrusted = 2,  // signatures verify, but none is by a key this store trusts or revoked
  kInvalid = 3,    // no trusted signature verifies and at least one does not verify
  kUnknown = 4,    // not known: an audit run recorded before audits looked at signatures
  kRevoked = 5,    // no trusted signature; a valid one is by a key this store revoked
};

inline const char* SignatureStateName(SignatureState state) {
  switch (state) {
    case SignatureState::kTrusted:
      return "trusted";
    case SignatureState::kUnsigned:
      return "unsigned";
    case SignatureState::kUntrusted:
      return "untrusted";
    case SignatureState::kRevoked:
      return "revoked";
    case SignatureState::kInvalid:
      return "invalid";
    case SignatureState::kUnknown:
      return "unknown";
  }
  return "unknown";
}

inline SignatureState ParseSignatureState(std::string_view name) {
  for (SignatureState state :
       {SignatureState::kTrusted, SignatureState::kUnsigned, SignatureState::kUntrusted,
        SignatureState::kRevoked, SignatureState::kInvalid}) {
    if (name == SignatureStateName(state)) return state;
  }
  return SignatureState::kUnknown;
}

// A deployment the signature policy would refuse (kUnknown is not known to be one).
inline bool LacksTrustedSignature(SignatureState state) {
  return state == SignatureState::kUnsigned || state == SignatureState::kUntrusted ||
         state == SignatureState::kRevoked || state == SignatureState::kInvalid;
}

}  // namespace arenastore::store
