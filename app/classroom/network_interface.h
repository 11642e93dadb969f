#pragma once
// Which address the class session listens on: the interface the teacher chose, by default
// the one the default route goes through (the network the students' phones are on), never
// every interface at once.
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::app {

struct NetworkInterface {
  std::string name;  // "wlan0"
  std::string ipv4;  // "192.168.1.20"
};

// The interface of the default route with the lowest metric, from the text of
// /proc/net/route; "" when there is none (no network, or only a local one).
std::string default_route_interface(const std::string& proc_net_route);

// The interfaces that are up and have an IPv4 address, loopback last.
std::vector<NetworkInterface> ipv4_interfaces();

// `wanted` by name, or with "" the default route's. A name that is not up with an IPv4
// address is an error naming those that are; so is "" on a computer without a default route.
Status choose_interface(const std::string& wanted, NetworkInterface* out);

}  // namespace whygpu::app
