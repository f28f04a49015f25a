import { PERM, type StaffRow, staffListQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportLimits, streamXlsx } from '../../lib/xlsx-stream.ts';
import { agentScopeOf } from '../../tenant/index.ts';
import { staffCountUpTo, staffRows } from './staff.repo.ts';

/** Who may read the staff list (also the netbar list's staff filter) and export it. */
export const STAFF_LIST_AUTH = {
  auth: { types: [1, 2] as const, perms: [PERM.STAFF_LIST, PERM.NETBAR_LIST] },
};

/** agent_person_list_export: every staff member matching the list's filters, closed by a 合计 row. */
export async function staffExportRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/agent_person_list_export',
    {
      schema: {
        summary: '导出员工列表（xlsx，与列表同样的筛选）',
        tags: ['代理商-员工'],
        querystring: staffListQuery,
      },
      config: STAFF_LIST_AUTH,
      compress: false,
    },
    async (req, reply) => {
      const s = agentScopeOf(req);
      // read along the id 2,000 at a time; the 合计 row counts and sums the rows written (decision 068)
      return streamXlsx<StaffRow>(reply, {
        filename: '员工列表.xlsx',
        columns: [
          { header: '员工ID', value: (x) => Number(x.id), width: 10 },
          { header: '姓名', value: (x) => x.true_name },
          { header: '账号', value: (x) => x.user_name },
          { header: '手机号', value: (x) => x.mobile },
          { header: '职位', value: (x) => x.position },
          { header: '负责网吧', value: (x) => Number(x.netbar_count), width: 10, sum: true },
          { header: '菜单权限', value: (x) => (x.perm_ids.length ? `${x.perm_ids.length}项` : '未授权') },
          { header: '状态', value: (x) => (x.status === 1 ? '正常' : '停用'), width: 8 },
          { header: '创建时间', value: (x) => x.created_at, width: 20 },
        ],
        rows: staffRows(db, s, req.query),
        count: () => staffCountUpTo(db, s, req.query, exportLimits.rows),
        totalsRow: (w) => ['合计', `${w.rows}人`, '', '', '', w.sum(5)],
      });
    },
  );
}
