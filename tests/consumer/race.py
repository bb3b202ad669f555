#!/usr/bin/env python3
"""The race from a second language: Python drives two cars through the C API's shared library with
ctypes, as a Unity (P/Invoke) or Godot binding would: grid, followers, vehicle model, walls, laps.
    python3 race.py LIBTRACKWRIGHT_C.so TRACK.twbake
Exit 1 if a car fails to finish its laps or a call misbehaves."""
import ctypes as C
import sys

LAPS = 2
TW_OK, TW_INVALID_ARGUMENT, TW_NOT_FOUND = 0, 1, 3
TW_FOLLOWER_RUNNER = 1
TW_VEHICLE_CAR, TW_VEHICLE_BUGGY = 0, 4


class Road(C.Structure):
    _fields_ = [(name, C.c_float) for name in ("tangent_z", "banking", "grip", "vertical_curvature", "forward_x", "forward_y")]


class Registration(C.Structure):
    _fields_ = [("defined", C.c_int32), ("route", C.c_uint32), ("segment", C.c_uint32),
                ("ratio", C.c_float), ("lateral", C.c_float), ("distance", C.c_float), ("road", Road)]


class VehicleState(C.Structure):
    _fields_ = [("x", C.c_double), ("y", C.c_double), ("heading", C.c_float), ("speed", C.c_float), ("yaw_rate", C.c_float)]


class Controls(C.Structure):
    _fields_ = [("steering", C.c_float), ("throttle", C.c_float), ("handbrake", C.c_int32), ("reverse", C.c_int32)]


class VehicleBody(C.Structure):
    _fields_ = [("state", VehicleState), ("velocity_x", C.c_double), ("velocity_y", C.c_double), ("steering_angle", C.c_float)]


class VehicleParameters(C.Structure):
    _fields_ = [(name, C.c_float) for name in (
        "wheelbase", "max_steering_angle", "steering_rate", "max_acceleration", "max_braking", "top_speed",
        "reverse_speed", "drag", "rolling_resistance", "lateral_grip", "turn_on_spot_rate", "width",
        "downforce", "load_sensitivity", "brake_limit", "power_per_mass", "centre_of_gravity_height", "track_width")]


class LapStatus(C.Structure):
    _fields_ = [("laps_completed", C.c_uint32), ("sector", C.c_uint32), ("race_distance", C.c_double),
                ("lap_distance", C.c_float), ("race_time", C.c_double), ("current_lap_time", C.c_double),
                ("last_lap_time", C.c_double), ("best_lap_time", C.c_double), ("last_lap_complete", C.c_int32),
                ("sector_count", C.c_uint32), ("sector_times", C.c_float * 16)]


def main(library_path, baked_path):
    tw = C.CDLL(library_path)
    tw.tw_version.restype = C.c_char_p
    tw.tw_track_load_error.restype = C.c_char_p
    tw.tw_vehicle_preset_name.restype = C.c_char_p
    tw.tw_registrar_update.argtypes = [C.c_void_p, C.c_double, C.c_double, C.POINTER(Registration)]
    tw.tw_follower_update.argtypes = [C.c_void_p, C.POINTER(VehicleState), C.POINTER(Registration), C.c_float, C.POINTER(Controls)]
    tw.tw_vehicle_step_on_road.argtypes = [C.c_int32, C.POINTER(Controls), C.POINTER(Road), C.c_float, C.POINTER(VehicleBody)]
    tw.tw_lap_counter_update.argtypes = [C.c_void_p, C.POINTER(Registration), C.c_float, C.POINTER(LapStatus)]
    tw.tw_wall_contact.argtypes = [C.c_void_p, C.POINTER(Registration), C.POINTER(VehicleBody), C.POINTER(C.c_int32)]
    tw.tw_follower_take_teleport.argtypes = [C.c_void_p, C.POINTER(C.c_int32), C.POINTER(C.c_double), C.POINTER(C.c_double),
                                             C.POINTER(C.c_float)]
    print("Trackwright", tw.tw_version().decode(), "from Python, .twbake format", tw.tw_baked_format_version())

    data = open(baked_path, "rb").read()
    track = C.c_void_p()
    if tw.tw_track_load(data, C.c_size_t(len(data)), C.byref(track)) != TW_OK:
        print("cannot load", baked_path, ":", tw.tw_track_load_error().decode())
        return 1
    # Misuse answers with a status, never a crash.
    bad = Registration()
    assert tw.tw_registrar_update(None, 0.0, 0.0, C.byref(bad)) == TW_INVALID_ARGUMENT
    assert tw.tw_follower_create(track, 99, 0, 0, TW_VEHICLE_CAR, C.byref(C.c_void_p())) == TW_INVALID_ARGUMENT
    assert tw.tw_track_find_marker(track, b"no-such-marker", 0, C.byref(C.c_uint32())) == TW_NOT_FOUND

    cars = []
    for slot, vehicle in enumerate((TW_VEHICLE_CAR, TW_VEHICLE_BUGGY)):
        car = {"vehicle": vehicle, "registrar": C.c_void_p(), "follower": C.c_void_p(), "laps": C.c_void_p(),
               "body": VehicleBody(), "last": Registration(), "status": LapStatus()}
        vehicle_class = C.c_uint32(0)
        if tw.tw_track_find_vehicle_class(track, tw.tw_vehicle_preset_name(vehicle), C.byref(vehicle_class)) != TW_OK:
            vehicle_class = C.c_uint32(0)
        state, parameters = VehicleState(), VehicleParameters()
        calls = [tw.tw_grid_slot(track, slot, None, C.byref(state)),
                 tw.tw_vehicle_preset_parameters(vehicle, C.byref(parameters)),
                 tw.tw_vehicle_starting_body(C.byref(parameters), C.byref(state), C.byref(car["body"])),
                 tw.tw_registrar_create(track, C.byref(car["registrar"])),
                 tw.tw_follower_create(track, TW_FOLLOWER_RUNNER, 0, vehicle_class, vehicle, C.byref(car["follower"])),
                 tw.tw_lap_counter_create(track, C.byref(car["laps"]))]
        if any(status != TW_OK for status in calls):
            print("cannot set up car", slot + 1, calls)
            return 1
        cars.append(car)

    dt = 1.0 / 60.0
    here, controls, contact = Registration(), Controls(), C.c_int32()
    teleport, x, y, heading = C.c_int32(), C.c_double(), C.c_double(), C.c_float()
    for tick in range(600 * 60):
        if all(car["status"].laps_completed >= LAPS for car in cars):
            break
        for car in cars:
            body = car["body"]
            assert tw.tw_registrar_update(car["registrar"], body.state.x, body.state.y, C.byref(here)) == TW_OK
            if here.defined:
                C.pointer(car["last"])[0] = here
            assert tw.tw_lap_counter_update(car["laps"], C.byref(here), 0.0 if tick == 0 else dt, C.byref(car["status"])) == TW_OK
            assert tw.tw_follower_update(car["follower"], C.byref(body.state), C.byref(here), dt, C.byref(controls)) == TW_OK
            # The road under the car (its last defined registration's): climb, banking, grip.
            assert tw.tw_vehicle_step_on_road(car["vehicle"], C.byref(controls), C.byref(car["last"].road), dt, C.byref(body)) == TW_OK
            assert tw.tw_wall_contact(track, C.byref(car["last"]), C.byref(body), C.byref(contact)) == TW_OK
            # A car stuck for good asks to be put back on its line.
            assert tw.tw_follower_take_teleport(car["follower"], C.byref(teleport), C.byref(x), C.byref(y), C.byref(heading)) == TW_OK
            if teleport.value:
                car["body"] = VehicleBody(VehicleState(x.value, y.value, heading.value, 0.0, 0.0), 0.0, 0.0, 0.0)
                assert tw.tw_registrar_reset(car["registrar"]) == TW_OK

    # The track may go first: the cars keep its bytes alive.
    tw.tw_track_free(track)
    unfinished = 0
    for number, car in enumerate(cars, 1):
        status = car["status"]
        name = tw.tw_vehicle_preset_name(car["vehicle"]).decode()
        print(f"car {number} (Python, {name}): {status.laps_completed} laps, best {status.best_lap_time:.2f} s, "
              f"race {status.race_time:.2f} s")
        if status.laps_completed < LAPS or not status.best_lap_time > 0.0:
            unfinished += 1
        tw.tw_lap_counter_free(car["laps"])
        tw.tw_follower_free(car["follower"])
        tw.tw_registrar_free(car["registrar"])
    return 1 if unfinished else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
