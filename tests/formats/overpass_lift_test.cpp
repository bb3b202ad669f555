// A centre line that crosses itself (a figure-eight) imported with --overpass: the second pass
// becomes a bridge the track's clearance above the first, on ramps no steeper than 6 %, and the
// track validates with no errors.
#include "formats/import/overpass_lift.h"
#include "formats/import/track_import.h"
#include "formats/validate/validate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <sstream>

namespace {

/// A lemniscate of Gerono `size` metres from the crossing to either end, as a TUM CSV: a
/// figure-eight crossing itself at the origin at right angles.
std::string figureEightCsv(double size, int count) {
    std::ostringstream csv;
    csv.precision(17);
    csv << "# x_m,y_m,w_tr_right_m,w_tr_left_m\n";
    for (int i = 0; i < count; ++i) {
        const double t = 2.0 * std::numbers::pi * (i + 0.5) / count;
        csv << size * std::sin(t) << ',' << size * std::sin(t) * std::cos(t) << ",6.0,6.0\n";
    }
    return csv.str();
}

std::size_t countCode(const formats::Diagnostics& diagnostics, const std::string& code) {
    std::size_t count = 0;
    for (const auto& d : diagnostics) count += d.code == code;
    return count;
}

TEST(OverpassLift, AFigureEightBecomesABridgeThatValidates) {
    formats::ImportResult imported = formats::importTumCsv(figureEightCsv(400.0, 520), "eight");
    ASSERT_TRUE(imported.document);
    formats::TrackDocument track = *imported.document;
    EXPECT_GT(countCode(formats::validate(track), "edge-self-intersection"), 0u) << "flat, it overlaps itself";

    const formats::Diagnostics lifted = formats::liftOverpasses(track, 0);
    ASSERT_EQ(countCode(lifted, "overpass-lifted"), 1u);
    EXPECT_EQ(lifted.front().severity, formats::Severity::Warning);
    EXPECT_NE(lifted.front().message.find("(0.00, 0.00)"), std::string::npos) << "names where: " << lifted.front().message;
    const formats::Diagnostics after = formats::validate(track);
    EXPECT_FALSE(formats::hasErrors(after)) << (after.empty() ? "" : after.front().message);

    // The ramps stay within 6 % and the bridge is the clearance above the lower pass.
    const auto& nodes = track.routes[0].nodes;
    double steepest = 0.0, highest = 0.0;
    for (std::size_t k = 0; k < nodes.size(); ++k) {
        const formats::TrackNode& a = track.nodes[nodes[k]];
        const formats::TrackNode& b = track.nodes[nodes[(k + 1) % nodes.size()]];
        steepest = std::max(steepest, std::abs(b.position.z - a.position.z) / formats::length(b.position.ground() - a.position.ground()));
        highest = std::max(highest, a.position.z);
    }
    EXPECT_LE(steepest, 0.06 + 1e-9);
    EXPECT_GE(highest, track.crossingClearance);
    // Exactly half the track's nodes near the crossing stay on the ground: the lower pass.
    EXPECT_EQ(track.nodes[nodes[nodes.size() / 2]].position.z, 0.0) << "the first pass stays where it was";
}

TEST(OverpassLift, PassesTooCloseForTheRampsAreAnErrorAndLiftNothing) {
    formats::ImportResult imported = formats::importTumCsv(figureEightCsv(40.0, 120), "tiny eight");
    ASSERT_TRUE(imported.document);
    formats::TrackDocument track = *imported.document;
    const formats::TrackDocument before = track;
    const formats::Diagnostics lifted = formats::liftOverpasses(track, 0);
    ASSERT_EQ(countCode(lifted, "overpass-no-room"), 1u);
    EXPECT_EQ(lifted.front().severity, formats::Severity::Error);
    EXPECT_NE(lifted.front().message.find("needs"), std::string::npos) << lifted.front().message;
    EXPECT_EQ(track, before);
}

TEST(OverpassLift, ATrackThatDoesNotCrossItselfIsLeftAlone) {
    std::ostringstream csv;
    csv << "# x_m,y_m,w_tr_right_m,w_tr_left_m\n";
    for (int i = 0; i < 100; ++i) csv << 200.0 * std::cos(0.0628318 * i) << ',' << 200.0 * std::sin(0.0628318 * i) << ",5,5\n";
    formats::ImportResult imported = formats::importTumCsv(csv.str(), "ring");
    ASSERT_TRUE(imported.document);
    formats::TrackDocument track = *imported.document;
    EXPECT_TRUE(formats::liftOverpasses(track, 0).empty());
    EXPECT_EQ(track, *imported.document);
}

} // namespace
