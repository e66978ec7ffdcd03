/** What other features may use of mail: rendering (`renderMail`) and queueing messages (outbox row + delivery job). */
export { sendMailJob } from './mail.job';
export { type MailMessage, queueMail, queueMails } from './mail.service';
export { renderMail } from './render';
