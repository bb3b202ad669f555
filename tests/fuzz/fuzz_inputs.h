// What each libFuzzer target does with one input, shared by the targets and by the test that
// replays every saved finding (tests/runtime/fuzz_findings_test.cpp), so a finding is replayed
// through exactly the code that found it.
#pragma once

#include <cstdint>
#include <span>

namespace fuzzing {

using Input = std::span<const std::uint8_t>;

/// The .twtrack loader, then the validator on whatever it loads.
void trackJson(Input input);
/// The runtime's .twbake loader in aligned storage; an input refused for its checksum alone is
/// re-sealed and loaded again (as a modder's edited file would be), and an accepted file is
/// registered against, sampled, and raced by ten cars for a simulated minute (controls checked).
void bakedTrack(Input input);
/// The TUM CSV importer; after a "\n---\n" line the rest stands for a racing-line file.
void tumCsv(Input input);
/// The waypoint importer, closed for odd sizes, open for even ones.
void waypoints(Input input);
/// The TORCS track importer; after a "\n---\n" line the rest stands for the default surfaces.xml.
void torcsXml(Input input);
/// The AC3D level-mesh reader (.ac, TORCS's .acc); a mesh it reads is cast into at every vertex.
void ac3d(Input input);

} // namespace fuzzing
