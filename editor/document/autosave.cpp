#include "editor/document/autosave.h"

#include "formats/source/file_io.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

namespace editor {
namespace {

constexpr const char* kRecoveryName = "recovery.twtrack";
constexpr const char* kOriginName = "recovery.origin";  ///< the original path, one line

} // namespace

Autosave::Autosave(QString folder, std::function<std::optional<std::pair<std::string, QString>>()> snapshot, QObject* parent)
    : QObject(parent), m_folder(std::move(folder)), m_snapshot(std::move(snapshot)) {
    m_timer.setInterval(60 * 1000);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    m_timer.start();
}

QString Autosave::recoveryFile() const { return QDir(m_folder).filePath(kRecoveryName); }

QString Autosave::defaultFolder() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

bool Autosave::saveNow() {
    const auto snapshot = m_snapshot();
    if (!snapshot) return true;
    QDir().mkpath(m_folder);
    std::string error;
    // The origin first: a recovery file never exists without knowing where it belongs.
    const QByteArray origin = snapshot->second.toUtf8();
    if (!formats::writeOutputFile(QDir(m_folder).filePath(kOriginName).toStdString(), std::string_view(origin.constData(), static_cast<std::size_t>(origin.size())), error) ||
        !formats::writeOutputFile(recoveryFile().toStdString(), snapshot->first, error)) {
        emit failed(QString::fromStdString(error));
        return false;
    }
    emit saved(recoveryFile());
    return true;
}

void Autosave::discard() {
    QFile::remove(recoveryFile());
    QFile::remove(QDir(m_folder).filePath(kOriginName));
}

std::optional<Recovery> Autosave::findRecovery(const QString& folder) {
    const QString file = QDir(folder).filePath(kRecoveryName);
    if (!QFile::exists(file)) return std::nullopt;
    Recovery r;
    r.recoveryFile = file;
    QFile origin(QDir(folder).filePath(kOriginName));
    if (origin.open(QIODevice::ReadOnly)) r.originalPath = QString::fromUtf8(origin.readAll());
    return r;
}

} // namespace editor
