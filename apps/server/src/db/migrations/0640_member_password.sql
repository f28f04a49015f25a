-- Member passwords (issue 12 item 7, docs/decisions/104-member-password-logon.md): an argon2id hash, never
-- returned; null = no password yet. A store decides whether members without one may still log on at a
-- machine by card alone (default true: as before the password existed).
alter table members add column password_hash text;
alter table member_settings add column card_only_logon boolean not null default true;
