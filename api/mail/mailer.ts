import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = { to: string; subject: string; text: string; html: string };
export type StoredMail = Mail & { id: string; links: string[]; sentAt: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The development mailbox, when mail is kept rather than sent. */
  readonly mailbox?: DevMailbox;
}

const URL_RE = /https?:\/\/[^\s<>"')]+/g;
/** The dev mailbox keeps this many messages (newest first), then forgets the oldest. */
const MAILBOX_LIMIT = 500;

/** Mail kept in memory instead of sent (development and tests without SMTP_URL). */
export class DevMailbox {
  #messages: StoredMail[] = [];

  add(mail: Mail): StoredMail {
    const stored: StoredMail = {
      ...mail,
      id: randomUUID(),
      links: [...new Set(mail.text.match(URL_RE) ?? [])],
      sentAt: new Date().toISOString(),
    };
    this.#messages.unshift(stored);
    this.#messages.length = Math.min(this.#messages.length, MAILBOX_LIMIT);
    return stored;
  }

  /** Newest first; only mail to `to` when given (case-insensitive). */
  list(to?: string): StoredMail[] {
    const want = to?.trim().toLowerCase();
    return want ? this.#messages.filter((m) => m.to.toLowerCase() === want) : [...this.#messages];
  }
}

export function createMailer(config: Config): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      send: async (mail) => {
        // Only these fields go out: the sender is always MAIL_FROM, never the caller's.
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
    };
  }
  const mailbox = new DevMailbox();
  return {
    mailbox,
    send: async (mail) => {
      mailbox.add(mail);
    },
  };
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
