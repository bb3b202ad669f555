#pragma once

#include "bake/pipeline/loaded_bake.h"
#include "bake/sim/simulated_car.h"
#include "editor/preview/car_attitude.h"
#include "editor/preview/fixed_step_clock.h"

#include "formats/source/track_document.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <deque>
#include <functional>
#include <optional>
#include <memory>
#include <string>
#include <vector>

namespace editor::preview {

/// What a preview car is: its vehicle (the reference model's preset), the class whose speed hints
/// it follows, its follower and its line, by name so they survive a re-bake.
struct PreviewCarSetup {
    trackwright::VehiclePreset vehicle = trackwright::VehiclePreset::Car;
    std::string vehicleClass;  ///< empty: the class named like the vehicle
    trackwright::FollowerKind follower = trackwright::FollowerKind::Runner;
    std::string line = "racing";
};

/// Baked indices {line, class} of a setup's line and class on `track`, falling back to the first
/// line and class (a track without a `racing` line drives on its first line).
std::pair<std::uint32_t, std::uint32_t> resolveCarSetup(const trackwright::BakedTrack& track, const PreviewCarSetup& setup);

/// A point of a car's trail: where it was and how fast it went.
struct TrailPoint {
    float x = 0.0f, y = 0.0f, z = 0.0f;  ///< world
    float speed = 0.0f;                   ///< m/s
};

struct PreviewCar {
    PreviewCarSetup setup;
    std::unique_ptr<bake::SimulatedCar> car;
    /// On the drawn surface under the car, pitched and rolled with the road, eased tick by tick.
    CarAttitude attitude;
    std::deque<TrailPoint> trail;
    int ticksSinceTrailPoint = 0;
};

/// The preview's cars on the freshly baked track, at a fixed simulation step whatever the render
/// rate: `advance` banks wall time times the speed factor and runs whole ticks. Cars start on a
/// grid behind the start line (so every timed lap is a flying one) and never collide (ghosts).
/// `setTrack` swaps the baked data under running cars, which re-register and drive on.
class PreviewSimulation {
public:
    static constexpr double kStep = 1.0 / 60.0;       ///< s per tick
    static constexpr double kGridSpacing = 12.0;      ///< m between cars on the grid
    static constexpr int kTrailTicks = 6;             ///< ticks between trail points (0.1 s)
    static constexpr std::size_t kTrailPoints = 600;  ///< a minute of trail per car

    /// Bakes a document for the preview: its classes plus one for every vehicle preset it lacks,
    /// so any car can follow hints made for its own vehicle. Null with `error` set when the
    /// document does not bake.
    static std::shared_ptr<const bake::LoadedBake> bakeForPreview(const formats::TrackDocument& document, std::string* error = nullptr);

    /// First track or a live edit's re-bake: cars keep their place and laps.
    void setTrack(std::shared_ptr<const bake::LoadedBake> track);
    /// Drops the track and its cars: another track, with nothing to lap yet, replaced it.
    void clear();
    const std::shared_ptr<const bake::LoadedBake>& track() const { return m_track; }

    /// Adds a car at the back of the grid; returns its index. Needs a track.
    std::size_t addCar(const PreviewCarSetup& setup);
    void removeCar(std::size_t index);
    /// Changes a car's vehicle, class, follower or line: it restarts from its grid slot.
    void setCarSetup(std::size_t index, const PreviewCarSetup& setup);
    /// Every car back to its grid slot, the clock to zero.
    void reset();

    /// Runs the ticks `seconds` of wall time hold at `speedFactor` (at most `maxTicks`, so a stall
    /// never snowballs); returns the ticks run.
    int advance(double seconds, double speedFactor, int maxTicks = 600);
    /// One tick.
    void step();

    double time() const { return m_time; }
    const std::vector<PreviewCar>& cars() const { return m_cars; }

    /// A person drives car `index` from now on (nullopt: nobody; the car goes back to its
    /// follower): each tick `input` gives its controls for the tick's seconds, and the path it
    /// drives is recorded afresh (record a line by driving).
    void drive(std::optional<std::size_t> index, std::function<trackwright::Controls(double dt)> input = {});
    std::optional<std::size_t> drivenCar() const { return m_driven; }
    /// Where the driven car went since drive() began, a point a tick, in the document's frame.
    const std::vector<formats::Vec2>& drivenPath() const { return m_drivenPath; }
    /// The names the panel offers: the baked lines of the main route and the baked classes.
    std::vector<std::string> lineNames() const;
    std::vector<std::string> classNames() const;

private:
    std::unique_ptr<bake::SimulatedCar> makeCar(const PreviewCarSetup& setup, std::size_t gridSlot) const;
    /// Puts a car on the surface under it (car_on_road.h), eased over `dt` seconds.
    void sitOnRoad(PreviewCar& c, double dt) const;
    /// Puts the names of the line and class a setup resolves to into it (a track without a
    /// `racing` line drives on its first line; the panel and HUD say which).
    void nameWhatResolved(PreviewCarSetup& setup) const;

    std::shared_ptr<const bake::LoadedBake> m_track;
    std::unique_ptr<trackwright::RecoveryPlanner> m_planner;  ///< shared by every car's stuck manager
    std::vector<PreviewCar> m_cars;
    std::optional<std::size_t> m_driven;
    std::function<trackwright::Controls(double)> m_driverInput;
    std::vector<formats::Vec2> m_drivenPath;
    double m_time = 0.0;
    FixedStepClock m_clock{kStep};
};

} // namespace editor::preview
