// The runtime against garbage: whatever bytes a game hands the loader and whatever state a broken
// physics step hands the followers, nothing crashes and nothing non-finite comes back.
#include "bake/pipeline/loaded_bake.h"
#include "bake/sim/verification_laps.h"

#include "trackwright/drive/follower_factory.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"
#include "trackwright/vehicle/vehicle_model.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

std::vector<std::byte> kartBytes() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    const bake::BakeResult result = bake::bakeTrack(*loaded.document);
    return formats::writeBakedTrack(*result.data);
}

trackwright::LoadStatus load(const std::vector<std::byte>& bytes, std::size_t size, std::size_t shift = 0) {
    // Aligned storage, optionally shifted off alignment: a game may hand any pointer.
    std::vector<std::uint64_t> storage((size + shift + 7) / 8 + 1);
    auto* start = reinterpret_cast<std::byte*>(storage.data()) + shift;
    if (size > 0) std::memcpy(start, bytes.data(), size);
    trackwright::BakedTrack track;
    return trackwright::loadBakedTrack({start, size}, track);
}

TEST(GarbageInput, EveryTruncationFlipAndRandomBufferIsRefusedNotCrashedOn) {
    const std::vector<std::byte> bytes = kartBytes();
    ASSERT_EQ(load(bytes, bytes.size()), trackwright::LoadStatus::Ok);
    for (std::size_t size = 0; size < bytes.size(); size += 7) EXPECT_NE(load(bytes, size), trackwright::LoadStatus::Ok) << "truncated to " << size;
    std::mt19937 random(11);
    for (int i = 0; i < 2000; ++i) {
        std::vector<std::byte> flipped = bytes;
        const std::size_t at = random() % flipped.size();
        flipped[at] ^= static_cast<std::byte>(1u << (random() % 8));
        EXPECT_NE(load(flipped, flipped.size()), trackwright::LoadStatus::Ok) << "bit flipped at byte " << at;
    }
    for (int i = 0; i < 500; ++i) {
        std::vector<std::byte> noise(random() % 4096);
        for (std::byte& b : noise) b = static_cast<std::byte>(random());
        if (noise.size() >= 8) std::memcpy(noise.data(), bytes.data(), 8);  // a real magic, so the header is read
        EXPECT_NE(load(noise, noise.size()), trackwright::LoadStatus::Ok);
    }
    for (std::size_t shift : {1u, 2u, 3u, 4u}) EXPECT_NO_FATAL_FAILURE((void)load(bytes, bytes.size(), shift)) << "misaligned by " << shift;
}

TEST(GarbageInput, NonFinitePositionsRegisterAsUndefined) {
    const auto sample = tw::test::bakeSampleFile("kart.twtrack");
    trackwright::Registrar registrar(sample->track);
    const formats::BakedNode& n = sample->track.view.nodes[3];
    ASSERT_TRUE(registrar.update({n.x, n.y}).defined);
    for (formats::Vec2 bad : {formats::Vec2{kNaN, n.y}, formats::Vec2{n.x, kNaN}, formats::Vec2{kInf, 0.0}, formats::Vec2{-kInf, kInf}}) {
        EXPECT_FALSE(registrar.update(bad).defined);
        trackwright::Registrar cold(sample->track);
        EXPECT_FALSE(cold.update(bad).defined);
    }
    EXPECT_TRUE(registrar.update({n.x, n.y}).defined) << "and back on the track it registers again";
    const trackwright::LineSampler sampler(sample->track, 0, 0);
    for (double d : {double(kNaN), double(kInf), -double(kInf)}) {
        const trackwright::LineSample s = sampler.sample(d);
        EXPECT_TRUE(std::isfinite(s.position.x) && std::isfinite(s.position.y));
    }
}

TEST(GarbageInput, EveryFollowerGivesNeutralControlsForANonFiniteStateAndRecovers) {
    const auto sample = tw::test::bakeSampleFile("kart.twtrack");
    const trackwright::VehicleParameters car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    const formats::BakedNode& n = sample->track.view.nodes[5];
    trackwright::VehicleState good;
    good.position = {n.x, n.y};
    good.heading = std::atan2(n.tangentY, n.tangentX);
    good.speed = 5.0f;
    trackwright::Registrar registrar(sample->track);
    const trackwright::Registration here = registrar.update(good.position);
    for (trackwright::FollowerKind kind : trackwright::kAllFollowerKinds) {
        auto follower = trackwright::makeFollower(kind, sample->track, 0, 0, car);
        for (int i = 0; i < 5; ++i) (void)follower->update({good, here, 1.0f / 60.0f});
        for (auto corrupt : {+[](trackwright::VehicleState& s) { s.position.x = kNaN; }, +[](trackwright::VehicleState& s) { s.heading = kInf; },
                             +[](trackwright::VehicleState& s) { s.speed = kNaN; }, +[](trackwright::VehicleState& s) { s.yawRate = -kInf; }}) {
            trackwright::VehicleState bad = good;
            corrupt(bad);
            const trackwright::Controls c = follower->update({bad, {}, 1.0f / 60.0f});
            EXPECT_EQ(c.steering, 0.0f) << trackwright::followerName(kind);
            EXPECT_EQ(c.throttle, 0.0f) << trackwright::followerName(kind);
            EXPECT_FALSE(c.handbrake) << trackwright::followerName(kind);
        }
        const trackwright::Controls zeroStep = follower->update({good, here, 0.0f});
        EXPECT_EQ(zeroStep.throttle, 0.0f) << trackwright::followerName(kind) << ": no time passed";
        trackwright::Controls back;
        for (int i = 0; i < 5; ++i) back = follower->update({good, here, 1.0f / 60.0f});
        EXPECT_TRUE(std::isfinite(back.steering) && std::isfinite(back.throttle)) << trackwright::followerName(kind);
        EXPECT_NE(back.throttle, 0.0f) << trackwright::followerName(kind) << " drives again on a good state";
    }
    // The reference vehicle takes NaN controls as neutral and stays finite.
    trackwright::VehicleBody body;
    body.state = good;
    EXPECT_TRUE(trackwright::stepVehicle(car, {kNaN, kNaN, false}, 1.0f / 60.0f, body)) << "NaN controls are neutral, not a refusal";
    EXPECT_TRUE(trackwright::isFinite(body.state));
}

} // namespace
