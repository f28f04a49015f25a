import { STORE_PAGE_SIZE } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state';
import { feedback } from '../../../lib/feedback';
import { useChangeStore } from '../api/change-store';
import { type StoreRow, useStoreList } from '../api/store-list';

export const STORE_SWITCHED = '门店切换成功';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Store switch (spec section 4): choose a store, switch, update the user, go to /home2. */
export function StoreSwitchModal({ open, onClose }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAppState((s) => s.user);
  const setUser = useAppState((s) => s.setUser);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useStoreList({ page, page_size: STORE_PAGE_SIZE, keyword }, open);
  const change = useChangeStore();

  const choose = (row: StoreRow) => {
    change.mutate(row, {
      onSuccess: (next) => {
        setUser(next);
        feedback.success(STORE_SWITCHED);
        onClose();
        queryClient.invalidateQueries();
        navigate('/home2');
      },
      // failure: the request client shows the server's msg
    });
  };

  const columns: TableColumnsType<StoreRow> = [
    { title: '门店名称', dataIndex: 'netbar_name' },
    { title: '登录账号', dataIndex: 'account_name' },
    {
      title: '类型',
      dataIndex: 'chain_type',
      width: 90,
      render: (v: number, row) => (
        <Tag color={row.pid === row.nid ? 'gold' : v === 1 ? 'blue' : 'default'}>
          {row.pid === row.nid ? '总店' : v === 1 ? '连锁' : '加盟'}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_, row) =>
        row.nid === user?.nid ? (
          <Tag color="green">当前门店</Tag>
        ) : (
          <Button
            type="link"
            size="small"
            loading={change.isPending && change.variables?.nid === row.nid}
            onClick={() => choose(row)}
          >
            切换
          </Button>
        ),
    },
  ];

  return (
    <Modal title="门店切换" open={open} onCancel={onClose} footer={null} width={680} destroyOnHidden>
      <Input.Search
        placeholder="按门店名称搜索"
        allowClear
        enterButton="搜索"
        style={{ marginBottom: 12 }}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
      />
      <Table<StoreRow>
        rowKey="nid"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={{
          current: page,
          pageSize: STORE_PAGE_SIZE,
          total: list.data?.count ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 家门店`,
          onChange: setPage,
        }}
      />
    </Modal>
  );
}
