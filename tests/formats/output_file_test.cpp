// The output-path policy of formats::writeOutputFile: links followed, devices and pipes streamed,
// regular files replaced atomically, read-only ones refused, temporary files never left behind; and
// formats::sameFile, its rule that no output names an input.
#include "formats/source/file_io.h"
#include "formats/source/same_file.h"

#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

class OutputFile : public ::testing::Test {
protected:
    fs::path file(const std::string& name) const { return m_dir / name; }
    static std::string read(const fs::path& path) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }
    /// The files in the folder whose names mark them as our temporary files.
    int temporaries() const {
        int count = 0;
        for (const auto& entry : fs::directory_iterator(m_dir))
            if (entry.path().filename().string().find(".tmp-") != std::string::npos) ++count;
        return count;
    }
    tw::test::ScratchDir m_scratch{"output_file"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(OutputFile, ReplacesARegularFileKeepingItsPermissions) {
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("out.txt"), "old", error)) << error;
    fs::permissions(file("out.txt"), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    ASSERT_TRUE(formats::writeOutputFile(file("out.txt"), "new", error)) << error;
    EXPECT_EQ(read(file("out.txt")), "new");
    EXPECT_EQ(fs::status(file("out.txt")).permissions(), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(temporaries(), 0);
}

TEST_F(OutputFile, WritesThroughASymbolicLinkAndKeepsTheLink) {
    std::string error;
    fs::create_directories(file("real"));
    ASSERT_TRUE(formats::writeOutputFile(file("real/track.twbake"), "old", error)) << error;
    fs::create_symlink("real/track.twbake", file("link.twbake"));  // relative, as `ln -s` makes them
    ASSERT_TRUE(formats::writeOutputFile(file("link.twbake"), "new", error)) << error;
    EXPECT_TRUE(fs::is_symlink(file("link.twbake")));
    EXPECT_EQ(read(file("real/track.twbake")), "new");

    // A chain of links, and a dangling one: the write creates the file the chain ends at.
    fs::create_symlink("link.twbake", file("chain.twbake"));
    ASSERT_TRUE(formats::writeOutputFile(file("chain.twbake"), "newer", error)) << error;
    EXPECT_EQ(read(file("real/track.twbake")), "newer");
    fs::create_symlink("real/missing.twbake", file("dangling.twbake"));
    ASSERT_TRUE(formats::writeOutputFile(file("dangling.twbake"), "created", error)) << error;
    EXPECT_TRUE(fs::is_symlink(file("dangling.twbake")));
    EXPECT_EQ(read(file("real/missing.twbake")), "created");
    EXPECT_EQ(temporaries(), 0);
}

TEST_F(OutputFile, RefusesAFileNobodyMayWriteEvenAsRoot) {
    // The rename needs only the folder's permission: as root (and as anyone, in a folder of theirs)
    // a 0444 file, read-only by its owner's choice, was replaced and came out 0444 with new contents.
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("locked.twbake"), "old", error)) << error;
    fs::permissions(file("locked.twbake"), fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    EXPECT_FALSE(formats::writeOutputFile(file("locked.twbake"), "new", error));
    EXPECT_NE(error.find("read-only (mode 0444)"), std::string::npos) << error;
    EXPECT_NE(error.find("locked.twbake"), std::string::npos) << error;
    EXPECT_EQ(read(file("locked.twbake")), "old");
    // Through a link too: the file it names is what counts.
    fs::create_symlink("locked.twbake", file("link.twbake"));
    EXPECT_FALSE(formats::writeOutputFile(file("link.twbake"), "new", error));
    EXPECT_EQ(read(file("locked.twbake")), "old");
    EXPECT_EQ(temporaries(), 0);
}

TEST_F(OutputFile, SameFileSeesThroughLinksHardLinksAndDotDot) {
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("track.twtrack"), "{}", error)) << error;
    fs::create_directories(file("sub"));
    fs::create_symlink("track.twtrack", file("soft.twtrack"));
    fs::create_hard_link(file("track.twtrack"), file("hard.twtrack"));
    for (const char* name : {"track.twtrack", "soft.twtrack", "hard.twtrack", "sub/../track.twtrack"})
        EXPECT_TRUE(formats::sameFile(file(name), file("track.twtrack"))) << name;
    EXPECT_FALSE(formats::sameFile(file("other.twtrack"), file("track.twtrack")));
    // Neither there yet: the same path once the links of the part that exists are followed.
    fs::create_symlink("sub", file("subway"));
    EXPECT_TRUE(formats::sameFile(file("sub/new.twbake"), file("subway/new.twbake")));
    EXPECT_FALSE(formats::sameFile(file("sub/new.twbake"), file("sub/newer.twbake")));
}

TEST_F(OutputFile, RefusesALinkLoopAndAFolder) {
    fs::create_symlink("b", file("a"));
    fs::create_symlink("a", file("b"));
    std::string error;
    EXPECT_FALSE(formats::writeOutputFile(file("a"), "x", error));
    EXPECT_NE(error.find("links"), std::string::npos) << error;
    fs::create_directories(file("folder"));
    EXPECT_FALSE(formats::writeOutputFile(file("folder"), "x", error));
    EXPECT_NE(error.find("folder"), std::string::npos) << error;
    EXPECT_TRUE(fs::is_directory(file("folder")));
}

TEST_F(OutputFile, StreamsIntoAPipeWithoutReplacingIt) {
    ASSERT_EQ(::mkfifo(file("pipe").c_str(), 0600), 0);
    std::future<std::string> reader = std::async(std::launch::async, [&] { return read(file("pipe")); });
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("pipe"), "through the pipe", error)) << error;
    EXPECT_EQ(reader.get(), "through the pipe");
    struct stat status {};
    ASSERT_EQ(::lstat(file("pipe").c_str(), &status), 0);
    EXPECT_TRUE(S_ISFIFO(status.st_mode));
    EXPECT_EQ(temporaries(), 0);
}

TEST_F(OutputFile, WritesIntoACharacterDeviceWithoutReplacingIt) {
    // Our own null device (mknod needs root, as CI runs): as root, the old atomic rename replaced
    // /dev/null itself with a regular file.
    if (::mknod(file("null").c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) GTEST_SKIP() << "mknod needs root";
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("null"), "discarded", error)) << error;
    struct stat status {};
    ASSERT_EQ(::lstat(file("null").c_str(), &status), 0);
    EXPECT_TRUE(S_ISCHR(status.st_mode));
    EXPECT_EQ(temporaries(), 0);
}

TEST_F(OutputFile, SweepsTheTemporariesOfKilledWritesButNotOfLiveOnes) {
    // A process that has ended: its pid names no process now (unless reused within the test).
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ASSERT_GT(child, 0);
    ::waitpid(child, nullptr, 0);
    const std::string dead = ".track.twbake.tmp-" + std::to_string(child) + "-a1b2c3";
    const std::string alive = ".track.twbake.tmp-" + std::to_string(::getppid()) + "-d4e5f6";
    const std::string otherTarget = ".other.twbake.tmp-" + std::to_string(child) + "-g7h8i9";
    for (const std::string& name : {dead, alive, otherTarget}) std::ofstream(file(name)) << "half a bake";

    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("track.twbake"), "baked", error)) << error;
    EXPECT_FALSE(fs::exists(file(dead))) << "a killed write's leftover stays";
    EXPECT_TRUE(fs::exists(file(alive))) << "a running writer's temporary file was removed";
    EXPECT_TRUE(fs::exists(file(otherTarget))) << "another target's temporary file is not this write's business";
}

TEST_F(OutputFile, ATerminationSignalMidWriteLeavesNoTemporaryFile) {
    // A child writes 256 MB and is sent SIGTERM while it does, at a spread of moments; with the
    // handler installed no temporary file survives it (before, each one mid-write did).
    const std::string big(256u << 20, 'x');
    for (int attempt = 0; attempt < 6; ++attempt) {
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            formats::removeTemporaryFilesOnTerminationSignals();
            std::string error;
            formats::writeOutputFile(m_dir / "big.bin", big, error);
            ::pause();  // finished before the signal: wait for it like the others
            ::_exit(0);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5 + 15 * attempt));
        ::kill(child, SIGTERM);
        int status = 0;
        ::waitpid(child, &status, 0);
        EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
        EXPECT_EQ(temporaries(), 0) << "after a SIGTERM " << 5 + 15 * attempt << " ms into the write";
    }
}

} // namespace

namespace {

TEST_F(OutputFile, SeveralOutputsAreReplacedTogetherOrNotAtAll) {
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("a.twtrack"), "old a", error)) << error;
    const std::string unwritable = (m_dir / "no-such-folder" / "b.csv").string();
    const formats::OutputFile failing[] = {{file("a.twtrack"), "new a"}, {unwritable, "b"}};
    EXPECT_FALSE(formats::writeOutputFiles(failing, error));
    EXPECT_NE(error.find("no-such-folder"), std::string::npos) << error;
    EXPECT_EQ(read(file("a.twtrack")), "old a") << "the first output was replaced although the second failed";
    EXPECT_EQ(temporaries(), 0);

    const formats::OutputFile full[] = {{file("a.twtrack"), "new a"}, {"/dev/full", "b"}};
    EXPECT_FALSE(formats::writeOutputFiles(full, error));
    EXPECT_EQ(read(file("a.twtrack")), "old a") << "a stream that failed left a file replaced";
    EXPECT_EQ(temporaries(), 0);

    const formats::OutputFile both[] = {{file("a.twtrack"), "new a"}, {file("b.csv"), "b"}};
    ASSERT_TRUE(formats::writeOutputFiles(both, error)) << error;
    EXPECT_EQ(read(file("a.twtrack")), "new a");
    EXPECT_EQ(read(file("b.csv")), "b");
}

TEST_F(OutputFile, AReadOnlyFileIsRefusedEvenForRoot) {
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("kept"), "kept", error)) << error;
    ASSERT_EQ(::chmod(file("kept").c_str(), 0444), 0);
    EXPECT_FALSE(formats::writeOutputFile(file("kept"), "replaced", error));
    EXPECT_NE(error.find("read-only (mode 0444)"), std::string::npos) << error;
    EXPECT_EQ(read(file("kept")), "kept");
    fs::create_symlink("kept", file("link"));
    EXPECT_FALSE(formats::writeOutputFile(file("link"), "replaced", error)) << "through a link too";
    EXPECT_EQ(read(file("kept")), "kept");
    ASSERT_EQ(::chmod(file("kept").c_str(), 0644), 0);
    EXPECT_TRUE(formats::writeOutputFile(file("kept"), "replaced", error)) << error;
}

TEST_F(OutputFile, AReadOnlyFolderGetsNoNewFileAndNoReplacementEvenForRoot) {
    // Root wrote into a 0555 folder a build had locked: a new file appeared and an old one was
    // replaced by rename, though nobody may write there.
    std::string error;
    fs::create_directory(file("locked"));
    ASSERT_TRUE(formats::writeOutputFile(file("locked/old.twbake"), "old", error)) << error;
    ASSERT_EQ(::chmod(file("locked").c_str(), 0555), 0);
    EXPECT_FALSE(formats::writeOutputFile(file("locked/new.twbake"), "new", error));
    EXPECT_NE(error.find("its folder " + file("locked").string() + " is read-only (mode 0555)"), std::string::npos) << error;
    EXPECT_FALSE(fs::exists(file("locked/new.twbake")));
    EXPECT_FALSE(formats::writeOutputFile(file("locked/old.twbake"), "replaced", error));
    EXPECT_EQ(read(file("locked/old.twbake")), "old");
    // A link from a writable folder into the locked one is followed to the folder that counts.
    fs::create_symlink(file("locked/old.twbake"), file("link.twbake"));
    EXPECT_FALSE(formats::writeOutputFile(file("link.twbake"), "replaced", error));
    EXPECT_EQ(read(file("locked/old.twbake")), "old");
    ASSERT_EQ(::chmod(file("locked").c_str(), 0755), 0);
    EXPECT_TRUE(formats::writeOutputFile(file("link.twbake"), "replaced", error)) << error;
    EXPECT_EQ(read(file("locked/old.twbake")), "replaced");
}

TEST_F(OutputFile, ANameOfTwoHundredAndFiftyFiveBytesIsWrittenAndItsLeftoversSwept) {
    const std::string name(255, 'n');
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file(name), "one", error)) << error;
    // A killed write's temporary, under the same cut name, is swept by the next write.
    const std::string prefix = "." + name.substr(0, 255 - 23) + ".tmp-";
    const fs::path stale = file(prefix + "999999999-abcdef");
    { std::ofstream(stale) << "stale"; }
    ASSERT_TRUE(formats::writeOutputFile(file(name), "two", error)) << error;
    EXPECT_EQ(read(file(name)), "two");
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_EQ(temporaries(), 0);
}

} // namespace
