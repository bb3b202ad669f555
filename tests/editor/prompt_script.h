#pragma once
// Answers a run of modal message boxes, one step per box as each appears: the text of the button
// to click, or "<Escape>" for the Escape key. Each box's text and button texts are kept, so a test
// can check what was asked. Boxes shown inside other boxes' handlers (a confirmation, then the
// question again) are answered in the order they appear.
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QStringList>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

#include <memory>
#include <vector>

struct AskedPrompt {
    QString objectName, text, informativeText;
    QStringList buttons;
    Qt::TextFormat format = Qt::AutoText;
};

class PromptScript {
public:
    explicit PromptScript(QStringList steps) : m_steps(std::move(steps)) {
        QObject::connect(&m_poll, &QTimer::timeout, [this] { answer(); });
        m_poll.start(10);
    }
    const std::vector<AskedPrompt>& asked() const { return m_asked; }
    /// Steps not yet taken (a prompt the test expected was never shown).
    int left() const { return static_cast<int>(m_steps.size()); }

private:
    void answer() {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box || box->property("answeredByScript").toBool() || m_steps.isEmpty()) return;
        box->setProperty("answeredByScript", true);
        AskedPrompt asked{box->objectName(), box->text(), box->informativeText(), {}, box->textFormat()};
        for (QAbstractButton* button : box->buttons()) asked.buttons << button->text();
        m_asked.push_back(asked);
        const QString step = m_steps.takeFirst();
        if (step == "<Escape>") {
            QTest::keyClick(box, Qt::Key_Escape);
            return;
        }
        for (QAbstractButton* button : box->buttons())
            if (button->text() == step) {
                button->click();
                return;
            }
        ADD_FAILURE() << "the prompt \"" << asked.text.toStdString() << "\" has no button " << step.toStdString();
        box->reject();
    }

    QStringList m_steps;
    std::vector<AskedPrompt> m_asked;
    QTimer m_poll;
};
