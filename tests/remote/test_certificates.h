// A certificate authority and a server certificate for 127.0.0.1, made with OpenSSL for the
// TLS remote tests: the registry serves the server pair, the CLI trusts the CA through
// `remote add --ca-file`. EC P-256 keys, valid for a day. Header-only test code.
#pragma once

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <string>

namespace arenastore::store::remote::testing {

struct CertificateFiles {
  std::string ca_certificate;
  std::string server_certificate;
  std::string server_key;
};

namespace certificates_detail {

inline EVP_PKEY* NewKey() { return EVP_EC_gen("P-256"); }

inline void AddExtension(X509* certificate, X509* issuer, int nid, const char* value) {
  X509V3_CTX context;
  X509V3_set_ctx_nodb(&context);
  X509V3_set_ctx(&context, issuer, certificate, nullptr, nullptr, 0);
  X509_EXTENSION* extension = X509V3_EXT_conf_nid(nullptr, &context, nid, value);
  X509_add_ext(certificate, extension, -1);
  X509_EXTENSION_free(extension);
}

inline X509* NewCertificate(EVP_PKEY* key, const char* common_name, long serial) {
  X509* certificate = X509_new();
  X509_set_version(certificate, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(certificate), serial);
  X509_gmtime_adj(X509_getm_notBefore(certificate), -3600);
  X509_gmtime_adj(X509_getm_notAfter(certificate), 24 * 3600);
  X509_set_pubkey(certificate, key);
  X509_NAME* name = X509_get_subject_name(certificate);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>(common_name), -1, -1, 0);
  return certificate;
}

inline bool WriteCertificate(const std::string& path, X509* certificate) {
  FILE* file = std::fopen(path.c_str(), "w");
  if (file == nullptr) return false;
  const bool ok = PEM_write_X509(file, certificate) == 1;
  std::fclose(file);
  return ok;
}

inline bool WriteKey(const std::string& path, EVP_PKEY* key) {
  FILE* file = std::fopen(path.c_str(), "w");
  if (file == nullptr) return false;
  const bool ok = PEM_write_PrivateKey(file, key, nullptr, nullptr, 0, nullptr, nullptr) == 1;
  std::fclose(file);
  return ok;
}

}  // namespace certificates_detail

// Writes ca.pem, server.pem and server.key into `directory`; false when OpenSSL fails.
inline bool MakeCertificates(const std::string& directory, CertificateFiles* files) {
  using namespace certificates_detail;
  files->ca_certificate = directory + "/ca.pem";
  files->server_certificate = directory + "/server.pem";
  files->server_key = directory + "/server.key";
  EVP_PKEY* ca_key = NewKey();
  EVP_PKEY* server_key = NewKey();
  X509* ca = NewCertificate(ca_key, "arenastore test CA", 1);
  X509_set_issuer_name(ca, X509_get_subject_name(ca));
  AddExtension(ca, ca, NID_basic_constraints, "critical,CA:TRUE");
  AddExtension(ca, ca, NID_key_usage, "critical,keyCertSign,cRLSign");
  AddExtension(ca, ca, NID_subject_key_identifier, "hash");
  X509_sign(ca, ca_key, EVP_sha256());
  X509* server = NewCertificate(server_key, "127.0.0.1", 2);
  X509_set_issuer_name(server, X509_get_subject_name(ca));
  AddExtension(server, ca, NID_basic_constraints, "critical,CA:FALSE");
  AddExtension(server, ca, NID_ext_key_usage, "serverAuth");
  AddExtension(server, ca, NID_subject_alt_name, "IP:127.0.0.1,DNS:localhost");
  AddExtension(server, ca, NID_authority_key_identifier, "keyid");
  X509_sign(server, ca_key, EVP_sha256());
  const bool ok = ca_key != nullptr && server_key != nullptr &&
                  WriteCertificate(files->ca_certificate, ca) &&
                  WriteCertificate(files->server_certificate, server) &&
                  WriteKey(files->server_key, server_key);
  X509_free(server);
  X509_free(ca);
  EVP_PKEY_free(server_key);
  EVP_PKEY_free(ca_key);
  return ok;
}

}  // namespace arenastore::store::remote::testing
