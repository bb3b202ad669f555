#include "formats/baked/baked_writer.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

/// A small but complete bake: one closed route of four nodes, a line, a class, a profile, a grid.
formats::BakedTrackData smallBake() {
    formats::BakedTrackData d;
    d.sourceHash = 0x1234abcd5678ef01ull;
    const std::uint32_t main = d.addString("main");
    d.routes.push_back({0, 4, formats::kRouteClosed, main, formats::kNoRoute, formats::kNoRoute, 40.0f, 0});
    // A 10 m square: the reader checks that links, distances and line points agree with the positions.
    const float xs[] = {0.0f, 10.0f, 10.0f, 0.0f}, ys[] = {0.0f, 0.0f, 10.0f, 10.0f};
    for (std::uint32_t i = 0; i < 4; ++i) {
        formats::BakedNode n{};
        n.x = xs[i];
        n.y = ys[i];
        n.tangentX = 1.0f;
        n.perpendicularY = 1.0f;
        n.leftTrack = n.rightTrack = 4.0f;
        n.linkLength = n.linkPlanLength = 10.0f;
        n.distance = static_cast<float>(i * 10);
        n.grip = 1.0f;
        n.sourceNode = i;
        d.nodes.push_back(n);
        d.linePoints.push_back({n.x, n.y + 1.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f, n.distance});
        d.speedHints.push_back(20.0f + static_cast<float>(i));
    }
    d.routeLinks.push_back({0, 3, 0, 0, formats::BakedLinkKind::Next});
    d.vehicleClasses.push_back({d.addString("gt"), 12.0f, 6.0f, 12.0f, 75.0f, 2.6f, 0.55f, 1.9f});
    d.lines.push_back({0, d.addString("racing"), formats::kAllVehicleClasses, 0, 40.0f, 0});
    d.speedProfiles.push_back({0, 0, 0, 1.85f});
    d.grid = {-10.0f, -10.0f, 20.0f, 3, 2, 0};
    d.gridCells = {0, 1, 2, 3, 3, 3, 4};
    d.gridItems = {0, 1, 2, 3};
    return d;
}

/// Bytes in an 8-byte aligned buffer, as a game's file loader would provide.
struct AlignedBytes {
    explicit AlignedBytes(const std::vector<std::byte>& bytes) : storage((bytes.size() + 7) / 8 + 1) {
        std::memcpy(storage.data(), bytes.data(), bytes.size());
        size = bytes.size();
    }
    std::span<const std::byte> span(std::size_t length) const { return {reinterpret_cast<const std::byte*>(storage.data()), length}; }
    std::byte* data() { return reinterpret_cast<std::byte*>(storage.data()); }
    std::vector<std::uint64_t> storage;
    std::size_t size = 0;
};

TEST(BakedTrack, WriterAndReaderRoundTrip) {
    const formats::BakedTrackData data = smallBake();
    const std::vector<std::byte> bytes = formats::writeBakedTrack(data);
    EXPECT_EQ(bytes.size() % 8, 0u);
    EXPECT_EQ(formats::bakedTrackBytes(data), bytes.size()) << "the size the bake checks against the limit is the one written";
    const AlignedBytes buffer(bytes);
    formats::BakedTrackView view;
    ASSERT_EQ(formats::readBakedTrack(buffer.span(buffer.size), view), formats::BakedLoadStatus::Ok);
    EXPECT_EQ(view.header->sourceHash, data.sourceHash);
    ASSERT_EQ(view.routes.size(), 1u);
    EXPECT_STREQ(view.name(view.routes[0].nameOffset), "main");
    ASSERT_EQ(view.nodes.size(), 4u);
    EXPECT_EQ(view.nodes[2].x, 10.0f);
    EXPECT_EQ(view.speedHints[3], 23.0f);
    EXPECT_STREQ(view.name(view.lines[0].nameOffset), "racing");
    EXPECT_STREQ(view.name(view.vehicleClasses[0].nameOffset), "gt");
    EXPECT_EQ(view.grid->columns, 3u);
    EXPECT_EQ(view.gridItems.size(), 4u);
    EXPECT_EQ(view.speedProfiles[0].lapTime, 1.85f);
}

TEST(BakedTrack, WritingIsDeterministic) {
    EXPECT_EQ(formats::writeBakedTrack(smallBake()), formats::writeBakedTrack(smallBake()));
}

TEST(BakedTrack, EveryTruncationIsRefusedAndLeavesTheViewAlone) {
    const std::vector<std::byte> bytes = formats::writeBakedTrack(smallBake());
    const AlignedBytes buffer(bytes);
    formats::BakedTrackView untouched;
    for (std::size_t length = 0; length < bytes.size(); ++length) {
        formats::BakedTrackView view;
        const formats::BakedLoadStatus status = formats::readBakedTrack(buffer.span(length), view);
        EXPECT_NE(status, formats::BakedLoadStatus::Ok) << length;
        EXPECT_EQ(view.header, untouched.header);
        EXPECT_TRUE(view.nodes.empty());
    }
    formats::BakedTrackView view;
    EXPECT_EQ(formats::readBakedTrack(buffer.span(bytes.size() - 8), view), formats::BakedLoadStatus::Truncated);
}

TEST(BakedTrack, EverySingleBitFlipIsRefused) {
    const std::vector<std::byte> bytes = formats::writeBakedTrack(smallBake());
    AlignedBytes buffer(bytes);
    std::size_t checksumCaught = 0;
    for (std::size_t bit = 0; bit < bytes.size() * 8; ++bit) {
        buffer.data()[bit / 8] ^= std::byte(1u << (bit % 8));
        formats::BakedTrackView view;
        const formats::BakedLoadStatus status = formats::readBakedTrack(buffer.span(bytes.size()), view);
        buffer.data()[bit / 8] ^= std::byte(1u << (bit % 8));
        EXPECT_NE(status, formats::BakedLoadStatus::Ok) << "bit " << bit;
        checksumCaught += status == formats::BakedLoadStatus::ChecksumMismatch;
    }
    EXPECT_GT(checksumCaught, bytes.size() * 4);
}

TEST(BakedTrack, SaysWhyItRefuses) {
    const std::vector<std::byte> bytes = formats::writeBakedTrack(smallBake());
    AlignedBytes buffer(bytes);
    formats::BakedTrackView view;
    buffer.data()[0] = std::byte{'X'};
    EXPECT_EQ(formats::readBakedTrack(buffer.span(bytes.size()), view), formats::BakedLoadStatus::BadMagic);
    buffer.data()[0] = std::byte{'T'};
    const std::uint32_t newer = formats::kBakedFormatVersion + 1;
    std::memcpy(buffer.data() + offsetof(formats::BakedHeader, formatVersion), &newer, 4);
    EXPECT_EQ(formats::readBakedTrack(buffer.span(bytes.size()), view), formats::BakedLoadStatus::NewerVersion);
    EXPECT_NE(std::string(formats::describeBakedLoadStatus(formats::BakedLoadStatus::NewerVersion)).find("newer"), std::string::npos);
    // Misaligned buffers are refused, not read through unaligned pointers.
    EXPECT_EQ(formats::readBakedTrack(std::span(buffer.data() + 1, bytes.size() - 1), view), formats::BakedLoadStatus::Misaligned);
}

TEST(BakedTrack, ABadIndexInsideAValidChecksumIsStillRefused) {
    formats::BakedTrackData data = smallBake();
    data.gridItems[2] = 99;  // a segment that does not exist
    const std::vector<std::byte> bytes = formats::writeBakedTrack(data);
    const AlignedBytes buffer(bytes);
    formats::BakedTrackView view;
    EXPECT_EQ(formats::readBakedTrack(buffer.span(bytes.size()), view), formats::BakedLoadStatus::BadReference);
    data = smallBake();
    data.lines[0].route = 3;
    const std::vector<std::byte> bytes2 = formats::writeBakedTrack(data);
    const AlignedBytes buffer2(bytes2);
    EXPECT_EQ(formats::readBakedTrack(buffer2.span(bytes2.size()), view), formats::BakedLoadStatus::BadReference);
}

// Format 4 carries the road: every node's vertical tangent, plan link length, banking and grip and
// every line point's vertical tangent survive the writer and the reader.
TEST(BakedTrack, TheRoadFieldsRoundTrip) {
    formats::BakedTrackData data = smallBake();
    // Node 2 stands 1 m up: the links into and out of it are 10.05 m in 3D, and the distances after
    // it grow by them (the reader checks that they agree with the positions).
    data.nodes[2].z = data.linePoints[2].z = 1.0f;
    data.nodes[1].tangentZ = 0.0995037f;
    data.nodes[1].linkLength = data.nodes[2].linkLength = 10.0498756f;
    data.nodes[2].distance = data.linePoints[2].distance = 20.0498756f;
    data.nodes[3].distance = data.linePoints[3].distance = 30.0997512f;
    data.routes[0].length = data.lines[0].length = 40.0997512f;
    data.nodes[1].banking = -0.12f;
    data.nodes[1].grip = 0.6f;
    data.linePoints[2].tangentZ = 0.05f;
    const std::vector<std::byte> bytes = formats::writeBakedTrack(data);
    const AlignedBytes buffer(bytes);
    formats::BakedTrackView view;
    ASSERT_EQ(formats::readBakedTrack(buffer.span(buffer.size), view), formats::BakedLoadStatus::Ok);
    EXPECT_EQ(view.header->formatVersion, 6u);
    EXPECT_EQ(view.nodes[1].tangentZ, 0.0995037f);
    EXPECT_EQ(view.nodes[1].linkLength, 10.0498756f);
    EXPECT_EQ(view.nodes[1].linkPlanLength, 10.0f);
    EXPECT_EQ(view.nodes[1].banking, -0.12f);
    EXPECT_EQ(view.nodes[1].grip, 0.6f);
    EXPECT_EQ(view.nodes[2].grip, 1.0f);
    EXPECT_EQ(view.linePoints[2].tangentZ, 0.05f);
    EXPECT_EQ(view.linePoints[2].distance, 20.0498756f);
}

// A file of format 4 (what every bake before the race data was written as) or of a newer format:
// refused before anything else is read, and the message says which version the file is, which this
// build reads, and what to do. Format 4's header is format 5's, so the patched version is such a
// file as far as the reader gets.
TEST(BakedTrack, AnotherVersionIsRefusedNamingBothVersions) {
    const std::vector<std::byte> bytes = formats::writeBakedTrack(smallBake());
    AlignedBytes buffer(bytes);
    const auto setVersion = [&](std::uint32_t version) {
        std::memcpy(buffer.data() + offsetof(formats::BakedHeader, formatVersion), &version, sizeof version);
    };
    formats::BakedTrackView view;
    char why[192];
    setVersion(4);
    EXPECT_EQ(formats::bakedFileVersion(buffer.span(bytes.size())), 4u);
    ASSERT_EQ(formats::readBakedTrack(buffer.span(bytes.size()), view), formats::BakedLoadStatus::OlderVersion);
    EXPECT_EQ(view.header, nullptr) << "the view is left alone";
    EXPECT_STREQ(formats::describeBakedLoad(buffer.span(bytes.size()), formats::BakedLoadStatus::OlderVersion, why, sizeof why),
                 "file is .twbake version 4, this runtime reads version 6: bake it again with twbake build");
    setVersion(7);
    ASSERT_EQ(formats::readBakedTrack(buffer.span(bytes.size()), view), formats::BakedLoadStatus::NewerVersion);
    EXPECT_STREQ(formats::describeBakedLoad(buffer.span(bytes.size()), formats::BakedLoadStatus::NewerVersion, why, sizeof why),
                 "file is .twbake version 7, this runtime reads version 6: update the runtime, or bake with the twbake that matches it");
    // Other refusals read as describeBakedLoadStatus; a short buffer is cut, never overrun.
    EXPECT_STREQ(formats::describeBakedLoad({}, formats::BakedLoadStatus::BadMagic, why, sizeof why),
                 formats::describeBakedLoadStatus(formats::BakedLoadStatus::BadMagic));
    char tiny[8];
    EXPECT_STREQ(formats::describeBakedLoad(buffer.span(bytes.size()), formats::BakedLoadStatus::NewerVersion, tiny, sizeof tiny), "file is");
    EXPECT_EQ(formats::bakedFileVersion(buffer.span(10)), 0u) << "shorter than a header";
}

} // namespace

namespace {

// Format 5 carries the designer's race data: zones and the race settings survive the writer and
// the reader, and a file without zones still holds the (default) race settings.
TEST(BakedTrack, TheRaceDataRoundTrips) {
    formats::BakedTrackData data = smallBake();
    data.zones.push_back({0, 1, 3, formats::BakedZoneKind::Overtaking, formats::kSideLeft, 10.0f, 30.0f, 0});
    data.zones.push_back({0, 3, 0, formats::BakedZoneKind::NoOvertaking, 0, 30.0f, 0.0f, 0});
    data.race = {formats::kSideLeft, formats::kSideRight, 4.0f, 12.0f, 6.0f, 2.5f};
    const std::vector<std::byte> bytes = formats::writeBakedTrack(data);
    const AlignedBytes buffer(bytes);
    formats::BakedTrackView view;
    ASSERT_EQ(formats::readBakedTrack(buffer.span(buffer.size), view), formats::BakedLoadStatus::Ok);
    ASSERT_EQ(view.zones.size(), 2u);
    EXPECT_EQ(view.zones[0].kind, formats::BakedZoneKind::Overtaking);
    EXPECT_EQ(view.zones[0].sides, formats::kSideLeft);
    EXPECT_EQ(view.zones[0].startDistance, 10.0f);
    EXPECT_EQ(view.zones[1].endNode, 0u);
    ASSERT_NE(view.race, nullptr);
    EXPECT_EQ(view.race->yieldSide, formats::kSideLeft);
    EXPECT_EQ(view.race->poleSide, formats::kSideRight);
    EXPECT_EQ(view.race->pitStopTime, 2.5f);

    const std::vector<std::byte> plain = formats::writeBakedTrack(smallBake());
    const AlignedBytes plainBuffer(plain);
    ASSERT_EQ(formats::readBakedTrack(plainBuffer.span(plain.size()), view), formats::BakedLoadStatus::Ok);
    EXPECT_TRUE(view.zones.empty());
    EXPECT_EQ(view.race->yieldSide, formats::kSideRight);
    EXPECT_EQ(view.race->firstRowGap, 6.0f);
}

// A zone pointing outside its route, of an unknown kind or side, or race settings the runtime
// could not use are refused at load, so the queries need no checks.
TEST(BakedTrack, BadZonesAndRaceSettingsAreRefused) {
    const auto refused = [](const formats::BakedTrackData& data) {
        const std::vector<std::byte> bytes = formats::writeBakedTrack(data);
        const AlignedBytes buffer(bytes);
        formats::BakedTrackView view;
        return formats::readBakedTrack(buffer.span(bytes.size()), view) == formats::BakedLoadStatus::BadReference;
    };
    const formats::BakedZone good{0, 1, 3, formats::BakedZoneKind::Overtaking, formats::kSidesBoth, 10.0f, 30.0f, 0};
    std::vector<formats::BakedZone> bad(6, good);
    bad[0].route = 1;
    bad[1].endNode = 4;
    bad[2].kind = static_cast<formats::BakedZoneKind>(2);
    bad[3].sides = 0;
    bad[4].kind = formats::BakedZoneKind::NoOvertaking;  // with sides
    bad[5].startDistance = NAN;
    for (std::size_t i = 0; i < bad.size(); ++i) {
        formats::BakedTrackData data = smallBake();
        data.zones = {good, bad[i]};
        EXPECT_TRUE(refused(data)) << "zone case " << i;
    }
    formats::BakedTrackData data = smallBake();
    data.zones = {good};
    EXPECT_FALSE(refused(data));
    data.race.yieldSide = formats::kSidesBoth;
    EXPECT_TRUE(refused(data));
    data = smallBake();
    data.race.poleSide = 0;
    EXPECT_TRUE(refused(data));
    data = smallBake();
    data.race.stagger = -1.0f;
    EXPECT_TRUE(refused(data));
    data = smallBake();
    data.race.pitStopTime = INFINITY;
    EXPECT_TRUE(refused(data));
}

} // namespace
