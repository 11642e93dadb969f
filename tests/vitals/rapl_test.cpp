#include "compute/vitals/rapl.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/cnn/temp_dir.h"

namespace whygpu::vitals {
namespace {

// A fake /sys/class/powercap: zones as folders with name, energy_uj and max_energy_range_uj.
class FakePowercap {
 public:
  FakePowercap() { EXPECT_TRUE(dir_.ok()); }
  const std::string& root() const { return dir_.path(); }

  void zone(const std::string& folder, const std::string& name, std::uint64_t energy, std::uint64_t max_range) {
    std::filesystem::create_directories(dir_.file(folder));
    write(folder + "/name", name);
    write(folder + "/max_energy_range_uj", std::to_string(max_range));
    set_energy(folder, energy);
  }
  void set_energy(const std::string& folder, std::uint64_t energy) { write(folder + "/energy_uj", std::to_string(energy)); }
  std::string energy_path(const std::string& folder) const { return dir_.file(folder + "/energy_uj"); }

 private:
  void write(const std::string& relative, const std::string& text) { std::ofstream(dir_.file(relative)) << text << "\n"; }
  cnn::testing::TempDir dir_;
};

TEST(Rapl, DeltaWithoutAndWithAWrap) {
  EXPECT_EQ(rapl_delta_uj(1000, 1500, 262143328850), 500u);
  EXPECT_EQ(rapl_delta_uj(1000, 1000, 262143328850), 0u);
  // 262143328850 - 262143328000 = 850 to the top, then 150 more from zero.
  EXPECT_EQ(rapl_delta_uj(262143328000, 150, 262143328850), 1000u);
  // A reading above the stated range (a counter that disagrees with its own file) does not underflow.
  EXPECT_EQ(rapl_delta_uj(262143329999, 150, 262143328850), 150u);
}

TEST(Rapl, ReadsOnlyThePackageZones) {
  FakePowercap sys;
  sys.zone("intel-rapl:0", "package-0", 5000, 1000000);
  sys.zone("intel-rapl:0:0", "core", 4000, 1000000);    // part of package 0
  sys.zone("intel-rapl:0:1", "dram", 3000, 1000000);
  sys.zone("intel-rapl:1", "package-1", 7000, 2000000);
  sys.zone("intel-rapl:2", "psys", 9000, 1000000);       // the whole platform, packages included
  RaplReader reader;
  const Status s = RaplReader::open(&reader, sys.root());
  ASSERT_TRUE(s) << s.message();
  ASSERT_EQ(reader.zones().size(), 2u);
  EXPECT_EQ(reader.zones()[0].name, "package-0");
  EXPECT_EQ(reader.zones()[1].name, "package-1");
  EXPECT_EQ(reader.zones()[1].max_range_uj, 2000000u);
  std::vector<std::uint64_t> energy;
  ASSERT_TRUE(reader.read(&energy));
  EXPECT_EQ(energy, (std::vector<std::uint64_t>{5000, 7000}));
}

TEST(Rapl, TheCounterSumsPackagesAcrossAWrap) {
  FakePowercap sys;
  sys.zone("intel-rapl:0", "package-0", 999000, 1000000);
  sys.zone("intel-rapl:1", "package-1", 100, 1000000);
  CpuEnergyCounter counter;
  const Status s = counter.open(sys.root());
  ASSERT_TRUE(s) << s.message();
  sys.set_energy("intel-rapl:0", 999500);  // +500
  sys.set_energy("intel-rapl:1", 600);     // +500
  double joules = 0.0;
  ASSERT_TRUE(counter.read(&joules));
  EXPECT_NEAR(joules, 1000e-6, 1e-12);
  sys.set_energy("intel-rapl:0", 2500);  // wrapped: +500 to the top, +2500 after
  sys.set_energy("intel-rapl:1", 1600);  // +1000
  ASSERT_TRUE(counter.read(&joules));
  EXPECT_NEAR(joules, (1000.0 + 3000.0 + 1000.0) * 1e-6, 1e-12);
}

TEST(Rapl, NoPowercapFolderSaysSo) {
  RaplReader reader;
  const Status s = RaplReader::open(&reader, "/nonexistent/powercap");
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/nonexistent/powercap does not exist"), std::string::npos) << s.message();
}

TEST(Rapl, NoPackageZoneSaysSo) {
  FakePowercap sys;
  sys.zone("intel-rapl:2", "psys", 9000, 1000000);
  sys.zone("dtpm", "dtpm", 1, 1);
  RaplReader reader;
  const Status s = RaplReader::open(&reader, sys.root());
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("no CPU package energy counter"), std::string::npos) << s.message();
}

TEST(Rapl, AnUnreadableCounterSaysOnlyRootMayReadIt) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads files whatever their mode";
  FakePowercap sys;
  sys.zone("intel-rapl:0", "package-0", 5000, 1000000);
  ASSERT_EQ(chmod(sys.energy_path("intel-rapl:0").c_str(), 0), 0);
  RaplReader reader;
  const Status s = RaplReader::open(&reader, sys.root());
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("can be read only by root"), std::string::npos) << s.message();
}

TEST(Rapl, AGarbledCounterIsAnError) {
  FakePowercap sys;
  sys.zone("intel-rapl:0", "package-0", 5000, 1000000);
  std::ofstream(sys.energy_path("intel-rapl:0")) << "lots\n";
  RaplReader reader;
  const Status s = RaplReader::open(&reader, sys.root());
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("not a number"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace whygpu::vitals
