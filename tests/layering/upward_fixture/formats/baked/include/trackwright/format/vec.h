#pragma once

struct Vec2 {};
