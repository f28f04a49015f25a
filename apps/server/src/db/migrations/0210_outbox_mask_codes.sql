-- Outbox rows written before codes were masked kept the code in clear (status outbox, no provider):
-- mask them like new rows (验证码为******), so administrators reading 消息发送记录 never see a code.
update outbox
set content = regexp_replace(content, '验证码为[0-9]{6}', '验证码为******', 'g')
where content ~ '验证码为[0-9]{6}';
