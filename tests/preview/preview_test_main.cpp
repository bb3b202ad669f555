// GoogleTest main for the preview suites: they run under Xvfb (see CMakeLists.txt) on the xcb
// platform, since Quick 3D does not render on the offscreen one.
#include <QApplication>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    QApplication app(argc, argv);
    return RUN_ALL_TESTS();
}
