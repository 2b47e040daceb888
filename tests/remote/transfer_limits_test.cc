// The limits a client keeps whatever a server declares or however slowly it answers: a total
// deadline per transfer (a server trickling bytes never stalls) and a cap on the size a
// manifest declares for a blob (checked before a byte is fetched). No registry needed: a
// loopback socket plays the server.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "store/remote/http_transport.h"
#include "store/remote/oci_client.h"

namespace arenastore::store::remote {
namespace {

// Answers every connection with a 1,000-byte body, one byte every 50 ms: 20 B/s, fast enough
// for any stall timeout, slow enough that only a deadline ends the transfer.
class TricklingServer {
 public:
  TricklingServer() {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    bind(listener_, reinterpret_cast<sockaddr*>(&address), length);
    listen(listener_, 8);
    getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { Serve(); });
  }
  ~TricklingServer() {
    stop_ = true;
    shutdown(listener_, SHUT_RDWR);
    close(listener_);
    thread_.join();
  }
  std::string Url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v2/"; }
  int connections() const { return connections_; }

 private:
  void Serve() {
    while (!stop_) {
      const int client = accept(listener_, nullptr, nullptr);
      if (client < 0) return;
      ++connections_;
      char request[4096];
      (void)read(client, request, sizeof(request));
      const std::string head = "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n";
      bool open = write(client, head.data(), head.size()) > 0;
      for (int i = 0; open && !stop_ && i < 1000; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        open = send(client, "x", 1, MSG_NOSIGNAL) == 1;
      }
      close(client);
    }
  }

  int listener_ = -1;
  uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> connections_{0};
  std::thread thread_;
};

TEST(TransferLimits, ATricklingServerIsCutOffAtTheTransferDeadlineWithoutRetries) {
  TricklingServer server;
  TransportOptions options;
  options.transfer_timeout_ms = 1500;
  options.stall_timeout_ms = 30000;  // bytes keep coming: the stall timeout never fires
  options.retry.max_attempts = 4;
  auto transport = HttpTransport::Create(options);
  ASSERT_TRUE(transport.ok());
  HttpRequest request;
  request.url = server.Url();
  const auto start = std::chrono::steady_clock::now();
  const auto response = transport->Send(request);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(response.status().code(), ErrorCode::kRemoteUnreachable);
  const std::string message = response.status().message();
  EXPECT_NE(message.find("transfer deadline of 1500 ms"), std::string::npos) << message;
  EXPECT_NE(message.find("ARENASTORE_REMOTE_TRANSFER_TIMEOUT_MS"), std::string::npos) << message;
  // The deadline covers the whole Send: a retry would start the trickle over.
  EXPECT_LT(elapsed, std::chrono::seconds(10));
  EXPECT_EQ(transport->stats().requests, 1);
  EXPECT_EQ(server.connections(), 1);
}

TEST(TransferLimits, ABlobDeclaredLargerThanTheCapIsRefusedBeforeAnyRequest) {
  RemoteEndpoint endpoint;
  endpoint.name = "hub";
  endpoint.url = *ParseRegistryUrl("http://127.0.0.1:1/team");
  TransportOptions options;
  options.max_blob_bytes = uint64_t{1} << 20;
  auto client = OciClient::Create(endpoint, {}, options);
  ASSERT_TRUE(client.ok()) << client.status().message();
  Descriptor descriptor;
  descriptor.media_type = "application/octet-stream";
  descriptor.digest = DigestOf(std::string_view("model"));
  descriptor.size_bytes = uint64_t{1} << 36;
  const auto blob = client->FetchBlob("team/kws", descriptor);
  ASSERT_FALSE(blob.ok());
  EXPECT_EQ(blob.status().code(), ErrorCode::kRemote);
  const std::string message = blob.status().message();
  EXPECT_NE(message.find("declares 68719476736 B, more than the 1048576 B"), std::string::npos)
      << message;
  EXPECT_NE(message.find("ARENASTORE_REMOTE_MAX_BLOB_BYTES"), std::string::npos) << message;
  EXPECT_EQ(client->transfer_stats().requests, 0);
}

}  // namespace
}  // namespace arenastore::store::remote
