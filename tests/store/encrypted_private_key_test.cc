// Passphrase-protected private keys (store/ed25519.h): written as encrypted PKCS#8, usable only
// after DecryptPrivateKey with the right passphrase, and never an OpenSSL terminal prompt.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "store/ed25519.h"

namespace arenastore::store {
namespace {

TEST(EncryptedPrivateKey, IsWrittenAsEncryptedPkcs8WithoutThePlainKey) {
  auto key = GenerateKeyPair("correct horse");
  ASSERT_TRUE(key.ok()) << key.status().message();
  EXPECT_EQ(key->private_pem.rfind("-----BEGIN ENCRYPTED PRIVATE KEY-----", 0), 0u)
      << key->private_pem;
  EXPECT_EQ(key->private_pem.find("-----BEGIN PRIVATE KEY-----"), std::string::npos);
  EXPECT_TRUE(IsEncryptedPrivateKey(key->private_pem));
  EXPECT_FALSE(IsEncryptedPrivateKey(GenerateKeyPair()->private_pem));
}

TEST(EncryptedPrivateKey, SignsOnlyAfterDecryptionWithItsPassphrase) {
  auto key = GenerateKeyPair("correct horse");
  ASSERT_TRUE(key.ok());
  const std::vector<uint8_t> message = {1, 2, 3};
  // Used as it is, the key is refused, saying it is encrypted (no prompt on the terminal).
  auto undecrypted = PublicKeyOfPrivate(key->private_pem);
  ASSERT_FALSE(undecrypted.ok());
  EXPECT_NE(std::string(undecrypted.status().message()).find("encrypted"), std::string::npos);
  EXPECT_FALSE(Sign(key->private_pem, message).ok());

  auto plain = DecryptPrivateKey(key->private_pem, "correct horse");
  ASSERT_TRUE(plain.ok()) << plain.status().message();
  EXPECT_EQ(*PublicKeyOfPrivate(plain->view()), key->public_key);
  auto signature = Sign(plain->view(), message);
  ASSERT_TRUE(signature.ok());
  EXPECT_TRUE(VerifySignature(key->public_key, message, *signature));
}

TEST(EncryptedPrivateKey, AWrongOrEmptyPassphraseIsRefused) {
  auto key = GenerateKeyPair("correct horse");
  ASSERT_TRUE(key.ok());
  EXPECT_EQ(DecryptPrivateKey(key->private_pem, "battery staple").status().code(),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(DecryptPrivateKey(key->private_pem, "").status().code(), ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace arenastore::store
