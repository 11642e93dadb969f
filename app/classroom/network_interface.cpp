#include "app/classroom/network_interface.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <climits>
#include <cstdlib>
#include <sstream>

#include "app/i18n/translate.h"
#include "compute/core/text_file.h"

namespace whygpu::app {

std::string default_route_interface(const std::string& proc_net_route) {
  std::istringstream lines(proc_net_route);
  std::string line, best;
  long best_metric = LONG_MAX;
  std::getline(lines, line);  // the header: Iface Destination Gateway Flags RefCnt Use Metric Mask ...
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name, destination, gateway, flags, refcnt, use, metric, mask;
    if (!(fields >> name >> destination >> gateway >> flags >> refcnt >> use >> metric >> mask)) continue;
    const long up = std::strtol(flags.c_str(), nullptr, 16) & 0x1;  // RTF_UP
    if (destination != "00000000" || mask != "00000000" || !up) continue;
    const long m = std::strtol(metric.c_str(), nullptr, 10);
    if (m < best_metric) {
      best_metric = m;
      best = name;
    }
  }
  return best;
}

std::vector<NetworkInterface> ipv4_interfaces() {
  std::vector<NetworkInterface> found, loopback;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return found;
  for (const ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP)) continue;
    char text[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr, text, sizeof text);
    ((i->ifa_flags & IFF_LOOPBACK) ? loopback : found).push_back({i->ifa_name, text});
  }
  freeifaddrs(list);
  found.insert(found.end(), loopback.begin(), loopback.end());
  return found;
}

Status choose_interface(const std::string& wanted, NetworkInterface* out) {
  std::string name = wanted;
  if (name.empty()) {
    std::string routes;
    if (read_text_file("/proc/net/route", &routes, 1 << 20)) name = default_route_interface(routes);
    if (name.empty())
      return Status::error(
          tr("this computer has no default route (no network?): choose an interface, e.g. --class=lo for this computer "
             "only"));
  }
  const std::vector<NetworkInterface> all = ipv4_interfaces();
  for (const NetworkInterface& i : all)
    if (i.name == name) {
      *out = i;
      return Status::ok();
    }
  std::string names;
  for (const NetworkInterface& i : all) names += (names.empty() ? "" : ", ") + i.name;
  return Status::error("interface '" + name + "' is not up with an IPv4 address (these are: " +
                       (names.empty() ? std::string("none") : names) + ")");
}

}  // namespace whygpu::app
