/** zh-CN messages shared by the server and the web console. */
export const MSG = {
  // generic
  required: '请输入内容',
  select: '请选择',
  ok: '操作成功',
  badParam: '参数错误',
  empty: '暂无数据',
  loadFailed: '加载数据失败',

  // accounts
  account: '账号为4-30位字母、数字或下划线，且以字母或数字开头',
  passportExists: '该通行证账号已存在',
  passportNotRegistered: '该通行证账号尚未注册',
  staffNotRegistered: '该员工账号尚未注册',
  accountNotExist: '账号不存在',
  loginAccountRequired: '请输入账号',
  loginFailed: '账号或密码错误',
  userType: '请选择账号类型',

  // passwords
  password: '密码为6-16位字母、数字或下划线',
  editPassword: '密码为6-16位字母、数字或下划线，不修改请留空',
  loginPasswordRequired: '请输入密码',
  confirmPassword: '请再次输入密码',
  passwordMismatch: '两次输入的密码不一致',

  // contact data
  email: '邮箱格式不正确',
  emailRequired: '请输入邮箱',
  province: '请选择省份',
  city: '请选择城市',
  district: '请选择区县',
  mobile: '手机号格式不正确',
  mobileRequired: '请输入手机号',
  mobileTooMany: (n: number): string => `该手机号已注册${n}个账号，不能再注册`,
  trueName: '请输入1-25个字符的姓名',
  bankHolder: '请输入1-25个字符的开户人姓名',
  bankCard: '请输入银行卡号',
  machineCount: '注册机器数为1-300的整数',
  contact: '联系人为1-10个字符',
  smsCode: '请输入短信验证码',
  qq: 'QQ号为4-20位数字，且不能以0开头',
  topUp: '请输入充值金额',
  topUpTooLarge: '单次充值金额不能超过100万元',
  address: '地址为1-50个字符',
  postcode: '邮政编码为1-10个字符',
  captcha: '请输入验证码',
  captchaWrong: '验证码错误或已过期',

  // import dialog
  chooseProduct: '请选择产品',
  importAccount: '请输入账号',
  importPassword: '请输入密码',
  getSmsFirst: '请先获取验证码',
  chooseNetbar: '请选择网吧',
  importClosing: '数据还未导入完成,勿关闭弹窗!',
  importButton: '导入',
  imported: '已导入',

  // store switch, logout
  storeSwitched: '门店切换成功',
  brandAdmin: '品牌管理员',
  logoutTitle: '退出确认',
  logoutContent: '退出后将清理登陆信息，是否继续？',
  logoutDone: '用户成功退出！',

  // error catalogue (docs/api-conventions.md)
  notLoggedIn: '登录已过期，请重新登录',
  forbidden: '没有权限执行此操作',
  notFound: '数据不存在',
  unknownPath: '接口不存在',
  tooLarge: '请求内容过大',
  tooMany: '操作过于频繁，请稍后再试',
  loginLocked: (seconds: number): string => `登录失败次数过多，请${seconds}秒后再试`,
  internal: '服务器繁忙，请稍后再试',
  chunkLoadFailed: '页面加载失败，请刷新重试',
} as const;

export type MessageKey = keyof typeof MSG;
