#pragma once

#include "formats/source/track_document.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

/// Raising and lowering part of a track with a falloff, as Blender's proportional editing moves
/// vertices: the selected nodes by the whole height, their neighbours along the track by less the
/// farther away they are, nothing beyond the falloff distance. Plain functions; the Profiles dock
/// and Edit ▸ Raise/Lower Selection wrap them in ChangeNodesCommand.
namespace editor {

/// How a raise fades with distance from the selection.
enum class FalloffShape {
    Smooth,  ///< 1 − (3u² − 2u³), u = distance / radius (smoothstep): ramps that start and end level
    Linear,  ///< 1 − u: a straight ramp, steepest where it meets the level road
};

/// The falloff of a raise: how far it reaches along the track (metres, 0 for the selection alone)
/// and its shape.
struct HeightFalloff {
    double radius = 50.0;
    FalloffShape shape = FalloffShape::Smooth;

    friend bool operator==(const HeightFalloff&, const HeightFalloff&) = default;
};

/// The share of the raise a node `distance` metres from the selection gets: 1 at 0, 0 at the
/// radius and beyond.
double falloffWeight(double distance, const HeightFalloff& falloff);

/// Each node the raise reaches and its share (1 for the selected ones), sorted by node. Distance
/// is measured in plan along the track from the nearest selected node: along route links, and
/// across the links where a branch forks from or joins another route, so a raise on a main route
/// carries on into a pit lane. Selected indices the track does not have are ignored.
std::vector<std::pair<std::uint32_t, double>> falloffWeights(const formats::TrackDocument& track, const std::set<std::uint32_t>& selected,
                                                             const HeightFalloff& falloff);

/// New values of the nodes in `weights`: z raised by `dz` (metres, negative lowers) times the weight.
std::vector<std::pair<std::uint32_t, formats::TrackNode>> raisedNodes(const formats::TrackDocument& track,
                                                                      const std::vector<std::pair<std::uint32_t, double>>& weights, double dz);

/// Steepest gradient (rise over run in plan, e.g. 0.06 for 6 %) of the links that touch any node
/// of `nodes` in `track`: what a raise did to the ramps, for the status bar.
double steepestGradientAround(const formats::TrackDocument& track, const std::set<std::uint32_t>& nodes);

} // namespace editor
