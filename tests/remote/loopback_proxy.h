// A loopback HTTP/1.1 forwarder for the remote fault tests: it sits between the CLI and the
// test registry on 127.0.0.1, counts requests, and lets a test answer one itself (a 401, 403,
// 413 or 429, a token endpoint, a looping page), change the registry's answer (flip a byte,
// cut it short) or act before forwarding (kill the registry). One request per connection:
// every response says "Connection: close", so libcurl reconnects instead of pipelining.
// Test code only (the product never speaks HTTP by hand). One thread, stopped in the
// destructor. Header-only.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace arenastore::store::remote::testing {

struct ProxyRequest {
  std::string method;
  std::string target;  // path and query
  std::string head;    // request line and headers, as received
  std::string body;
  std::string Header(const std::string& name) const {  // case-insensitive, "" when absent
    std::string lower_head = head;
    std::string lower_name = name + ":";
    for (char& c : lower_head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : lower_name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const size_t at = lower_head.find("\r\n" + lower_name);
    if (at == std::string::npos) return "";
    const size_t start = at + 2 + lower_name.size();
    const size_t end = head.find("\r\n", start);
    std::string value = head.substr(start, end - start);
    while (!value.empty() && value.front() == ' ') value.erase(0, 1);
    return value;
  }
};

// What to do with one request. Default: forward it unchanged.
struct ProxyAction {
  std::optional<std::string> respond;                  // a whole response to send instead
  std::function<void()> before_forward;                // e.g. kill the registry
  std::function<void(std::string& response)> rewrite;  // the registry's response, whole
};

inline std::string Response(int status, const std::string& reason, const std::string& body,
                            const std::string& extra_headers = "") {
  return "HTTP/1.1 " + std::to_string(status) + " " + reason +
         "\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nContent-Type: application/json\r\n" + extra_headers + "Connection: close\r\n\r\n" +
         body;
}

class LoopbackProxy {
 public:
  using Hook = std::function<ProxyAction(const ProxyRequest&)>;

  explicit LoopbackProxy(int upstream_port) : upstream_port_(upstream_port) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    const int yes = 1;
    setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof(address));
    socklen_t length = sizeof(address);
    getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    listen(listener_, 64);
    thread_ = std::thread([this] { Serve(); });
  }
  ~LoopbackProxy() {
    stop_ = true;
    thread_.join();
    close(listener_);
  }
  LoopbackProxy(const LoopbackProxy&) = delete;
  LoopbackProxy& operator=(const LoopbackProxy&) = delete;

  int port() const { return port_; }
  void SetHook(Hook hook) {
    std::lock_guard<std::mutex> lock(mutex_);
    hook_ = std::move(hook);
  }
  std::vector<ProxyRequest> requests() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return requests_;
  }
  // Requests whose method matches and whose target contains `part`.
  int Count(const std::string& method, const std::string& part) const {
    int count = 0;
    for (const ProxyRequest& request : requests()) {
      if (request.method == method && request.target.find(part) != std::string::npos) ++count;
    }
    return count;
  }
  void ClearRequests() {
    std::lock_guard<std::mutex> lock(mutex_);
    requests_.clear();
  }

 private:
  static bool ReadRequest(int fd, ProxyRequest* request) {
    std::string data;
    char buffer[65536];
    size_t header_end = std::string::npos;
    while (header_end == std::string::npos) {
      const ssize_t got = recv(fd, buffer, sizeof(buffer), 0);
      if (got <= 0) return false;
      data.append(buffer, static_cast<size_t>(got));
      header_end = data.find("\r\n\r\n");
    }
    request->head = data.substr(0, header_end + 2);
    request->body = data.substr(header_end + 4);
    const size_t space = request->head.find(' ');
    request->method = request->head.substr(0, space);
    request->target =
        request->head.substr(space + 1, request->head.find(' ', space + 1) - space - 1);
    const std::string length = request->Header("Content-Length");
    const size_t wanted = length.empty() ? 0 : std::stoul(length);
    while (request->body.size() < wanted) {
      const ssize_t got = recv(fd, buffer, sizeof(buffer), 0);
      if (got <= 0) return false;
      request->body.append(buffer, static_cast<size_t>(got));
    }
    return true;
  }

  // The request with "Connection: close" in place of any connection header.
  static std::string Rewritten(const ProxyRequest& request) {
    std::string head;
    size_t start = 0;
    while (start < request.head.size()) {
      const size_t end = request.head.find("\r\n", start);
      const std::string line = request.head.substr(start, end - start);
      start = end + 2;
      std::string lower = line;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower.rfind("connection:", 0) == 0) continue;
      head += line + "\r\n";
    }
    return head + "Connection: close\r\n\r\n" + request.body;
  }

  std::string Forward(const ProxyRequest& request) const {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(upstream_port_));
    std::string response;
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0) {
      SendAll(fd, Rewritten(request));
      char buffer[65536];
      ssize_t got = 0;
      while ((got = recv(fd, buffer, sizeof(buffer), 0)) > 0) {
        response.append(buffer, static_cast<size_t>(got));
      }
    }
    close(fd);
    return response;  // empty: the registry is gone; the client sees the connection close
  }

  static void SendAll(int fd, const std::string& data) {
    size_t sent = 0;
    while (sent < data.size()) {
      const ssize_t wrote = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (wrote <= 0) return;
      sent += static_cast<size_t>(wrote);
    }
  }

  void Handle(int client) {
    ProxyRequest request;
    if (!ReadRequest(client, &request)) return;
    Hook hook;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      requests_.push_back(request);
      hook = hook_;
    }
    const ProxyAction action = hook ? hook(request) : ProxyAction{};
    if (action.respond) {
      SendAll(client, *action.respond);
      return;
    }
    if (action.before_forward) action.before_forward();
    std::string response = Forward(request);
    if (action.rewrite && !response.empty()) action.rewrite(response);
    SendAll(client, response);
  }

  void Serve() {
    while (!stop_) {
      pollfd waiting{listener_, POLLIN, 0};
      if (poll(&waiting, 1, 50) <= 0) continue;
      const int client = accept(listener_, nullptr, nullptr);
      if (client < 0) continue;
      Handle(client);
      shutdown(client, SHUT_RDWR);
      close(client);
    }
  }

  int upstream_port_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  mutable std::mutex mutex_;
  Hook hook_;
  std::vector<ProxyRequest> requests_;
};

// The byte offset where a response's body starts.
inline size_t BodyStart(const std::string& response) { return response.find("\r\n\r\n") + 4; }

}  // namespace arenastore::store::remote::testing
