#include "editor/document/autosave.h"

#include "editor/native_path.h"

#include "formats/source/file_io.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>

namespace editor {
namespace {

constexpr const char* kRecoveryName = "recovery.twtrack";
constexpr const char* kOriginName = "recovery.origin";  ///< the original path's bytes, one line
constexpr const char* kBaseName = "recovery.base";      ///< the original's SHA-256 as last read or written, hex
constexpr const char* kLockName = "session.lock";

/// A session folder's lock, judged by whether its process still runs, never by its age: an editor
/// open for hours is not a crashed one (QLockFile's default would call it stale after 30 s).
std::unique_ptr<QLockFile> sessionLock(const QString& sessionFolder) {
    auto lock = std::make_unique<QLockFile>(QDir(sessionFolder).filePath(kLockName));
    lock->setStaleLockTime(0);
    return lock;
}

std::optional<Recovery> recoveryIn(const QString& folder, const QString& sessionFolder) {
    const QString file = QDir(folder).filePath(kRecoveryName);
    if (!QFileInfo::exists(file)) return std::nullopt;
    Recovery r;
    r.sessionFolder = sessionFolder;
    r.recoveryFile = file;
    r.savedAt = QFileInfo(file).lastModified();
    // The path's own bytes (a Latin-1 file name stays the file it names); UTF-8 reads as before.
    QFile origin(QDir(folder).filePath(kOriginName));
    if (origin.open(QIODevice::ReadOnly)) r.originalPath = pathFromNative(origin.readAll());
    QFile base(QDir(folder).filePath(kBaseName));
    if (base.open(QIODevice::ReadOnly)) r.baseHash = QByteArray::fromHex(base.readAll().trimmed());
    return r;
}

} // namespace

Autosave::Autosave(QString folder, std::function<std::optional<AutosaveSnapshot>()> snapshot, QObject* parent)
    : QObject(parent), m_folder(std::move(folder)), m_snapshot(std::move(snapshot)) {
    m_timer.setInterval(60 * 1000);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    m_timer.start();
}

Autosave::~Autosave() {
    // A clean end of the session: its folder goes unless it still holds unsaved work (discard()
    // removes that on a clean close; a window destroyed without one keeps it for the next start).
    if (m_lock && !QFileInfo::exists(recoveryFile())) {
        m_lock->unlock();
        QDir(m_session).removeRecursively();
    }
}

bool Autosave::ensureSession(QString& error) {
    if (m_lock) return true;
    QDir().mkpath(m_folder);
    // The output-path policy's folder rule: a recovery folder nobody may write gets no session.
    if (std::string refusal; !formats::mayWriteInFolder(nativePath(m_folder), "the autosave", refusal)) {
        error = textFromNative(refusal);
        return false;
    }
    const QString base = QString("session-%1-").arg(QCoreApplication::applicationPid());
    for (int n = 0; n < 1000; ++n) {
        const QString candidate = QDir(m_folder).filePath(base + QString::number(n));
        if (!QDir().mkdir(candidate)) continue;  // taken (or a leftover of a reused pid): the next one
        auto lock = sessionLock(candidate);
        if (!lock->tryLock(0)) continue;
        m_session = candidate;
        m_lock = std::move(lock);
        return true;
    }
    error = tr("cannot create a session folder in %1").arg(m_folder);
    return false;
}

QString Autosave::recoveryFile() const { return m_session.isEmpty() ? QString() : QDir(m_session).filePath(kRecoveryName); }

QStringList Autosave::files() const {
    if (m_session.isEmpty()) return {};
    const QDir session(m_session);
    return {session.filePath(kRecoveryName), session.filePath(kOriginName), session.filePath(kBaseName)};
}

QString Autosave::defaultFolder() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

bool Autosave::saveNow() {
    const auto snapshot = m_snapshot();
    if (!snapshot) return true;
    QString sessionError;
    if (!ensureSession(sessionError)) {
        emit failed(sessionError);
        return false;
    }
    std::string error;
    // The origin and its base first, the origin as an absolute path: a recovery file never exists
    // without knowing where it belongs and what it is an edit of, and a recovery restored from
    // another working directory still saves into that file.
    const QString originalPath = snapshot->originalPath.isEmpty() ? QString() : QFileInfo(snapshot->originalPath).absoluteFilePath();
    const std::string origin = nativeFromPath(originalPath).toStdString();
    const std::string base = snapshot->baseHash.toHex().toStdString();
    // The three as one: each file flushed to its temporary before any replaces the last autosave's,
    // so a failure (a full disk) leaves the previous set whole, never a new track with an old base.
    const formats::OutputFile files[] = {{QDir(m_session).filePath(kOriginName).toStdString(), origin},
                                         {QDir(m_session).filePath(kBaseName).toStdString(), base},
                                         {recoveryFile().toStdString(), snapshot->text}};
    if (!formats::writeOutputFiles(files, error)) {
        emit failed(QString::fromStdString(error));
        return false;
    }
    emit saved(recoveryFile());
    return true;
}

void Autosave::discard() {
    if (m_session.isEmpty()) return;
    for (const QString& file : files()) QFile::remove(file);
}

std::vector<Recovery> Autosave::findRecoveries(const QString& folder) {
    std::vector<Recovery> found;
    const QDir dir(folder);
    for (const QString& name : dir.entryList({"session-*"}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString session = dir.filePath(name);
        auto probe = sessionLock(session);
        if (!probe->tryLock(0)) continue;  // its editor still runs
        probe->unlock();
        if (auto recovery = recoveryIn(session, session)) found.push_back(std::move(*recovery));
        else QDir(session).removeRecursively();  // a crashed session with nothing unsaved
    }
    // What an older version left, in the folder itself.
    if (auto legacy = recoveryIn(folder, QString())) found.push_back(std::move(*legacy));
    std::stable_sort(found.begin(), found.end(), [](const Recovery& a, const Recovery& b) { return a.savedAt > b.savedAt; });
    return found;
}

std::optional<Recovery> Autosave::findRecovery(const QString& folder) {
    std::vector<Recovery> all = findRecoveries(folder);
    if (all.empty()) return std::nullopt;
    return std::move(all.front());
}

void Autosave::discardRecovery(const Recovery& recovery) {
    if (!recovery.sessionFolder.isEmpty()) {
        QDir(recovery.sessionFolder).removeRecursively();
        return;
    }
    QFile::remove(recovery.recoveryFile);
    QFile::remove(QFileInfo(recovery.recoveryFile).dir().filePath(kOriginName));
    QFile::remove(QFileInfo(recovery.recoveryFile).dir().filePath(kBaseName));
}

} // namespace editor
