import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag, Tree } from 'antd';
import { Empty, LoadFailed } from '../../../components/PageState';
import type { DataNode } from 'antd/es/tree';
import { PlusOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { CategoryFormValues } from '@shared/schemas/adminTasks';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { adminCalls, adminCategoriesQuery, useAdminAction } from '../api';
import { useAdminFormat } from '../format';

type AdminCategory = Schema<'AdminCategory'>;

type Editing = { mode: 'add'; parent?: AdminCategory } | { mode: 'edit'; category: AdminCategory } | null;

/** 分类管理: the task-category tree (search, expand/collapse, show inactive, count), add / edit / soft delete. */
export default function CategoriesTab() {
  const { t } = useTranslation('adminTasks');
  const { message, modal } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const qc = useQueryClient();
  const q = useQuery(adminCategoriesQuery);
  const remove = useAdminAction(adminCalls.deleteCategory);
  const [search, setSearch] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const name = (c: AdminCategory) => (f.lang === 'en' && c.nameEn ? c.nameEn : c.name);

  const all = useMemo(() => q.data?.items ?? [], [q.data]);
  const visible = useMemo(() => all.filter((c) => showInactive || c.isActive), [all, showInactive]);
  const term = search.trim().toLowerCase();
  const matches = (c: AdminCategory) => !term || c.name.toLowerCase().includes(term) || (c.nameEn ?? '').toLowerCase().includes(term);

  // the tree: children under their parent; a search keeps matches and their ancestors
  const tree = useMemo(() => {
    const byParent = new Map<string | null, AdminCategory[]>();
    const ids = new Set(visible.map((c) => c.id));
    for (const c of visible) {
      const key = c.parentId && ids.has(c.parentId) ? c.parentId : null;
      byParent.set(key, [...(byParent.get(key) ?? []), c]);
    }
    const build = (parent: string | null): DataNode[] =>
      (byParent.get(parent) ?? []).flatMap((c) => {
        const children = build(c.id);
        if (!matches(c) && children.length === 0) return [];
        return [
          {
            key: c.id,
            title: (
              <span className="adm-tree-node" data-testid="category-node" data-category-id={c.id}>
                <span>{name(c)}</span>
                <Tag>{t('categories.level', { level: c.level })}</Tag>
                {c.taskCount > 0 && <Tag color="blue">{t('categories.tasks', { count: c.taskCount })}</Tag>}
                {!c.isActive && <Tag>{t('categories.inactive')}</Tag>}
                <Space size={4} className="adm-tree-node__actions">
                  <Button size="small" type="link" onClick={() => setEditing({ mode: 'edit', category: c })} data-testid="category-edit">
                    {t('categories.edit')}
                  </Button>
                  {c.level < 3 && c.isActive && (
                    <Button size="small" type="link" onClick={() => setEditing({ mode: 'add', parent: c })}>
                      {t('categories.addChild')}
                    </Button>
                  )}
                  {c.isActive && (
                    <Button size="small" type="link" danger onClick={() => confirmDelete(c)} data-testid="category-delete">
                      {t('categories.delete')}
                    </Button>
                  )}
                </Space>
              </span>
            ),
            children,
          },
        ];
      });
    return build(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, term, f.lang]);

  const confirmDelete = (c: AdminCategory) =>
    void modal.confirm({
      title: t('categories.deleteTitle'),
      content: t('categories.deleteConfirm', { name: name(c) }),
      okButtonProps: { danger: true, 'data-testid': 'category-delete-ok' } as never,
      onOk: () =>
        remove.mutateAsync(c.id).then(
          () => void message.success(t('categories.deleted')),
          (e: unknown) => void message.error(apiErrorText(e, t('categories.deleteFailed'))),
        ),
    });

  const allKeys = visible.map((c) => c.id);
  return (
    <div data-testid="admin-categories">
      <div className="adm-toolbar">
        <Input.Search
          allowClear
          placeholder={t('categories.searchPlaceholder')}
          aria-label={t('categories.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="categories-search"
        />
        <Button onClick={() => setExpanded(allKeys)}>{t('categories.expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('categories.collapseAll')}</Button>
        <Checkbox checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} data-testid="categories-inactive">
          {t('categories.showInactive')}
        </Checkbox>
        <span className="adm-change" data-testid="categories-count">
          {t('categories.count', { count: visible.length })}
        </span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })} data-testid="category-add">
          {t('categories.add')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('categories.refresh')}
        </Button>
        <Button
          icon={<SyncOutlined />}
          onClick={() => {
            // drop the cached list and ask the server again
            qc.removeQueries({ queryKey: adminCategoriesQuery.queryKey });
            void qc.fetchQuery(adminCategoriesQuery);
          }}
        >
          {t('categories.forceReload')}
        </Button>
      </div>
      {q.isError && (
        <div className="adm-section">
          <LoadFailed testId="categories" compact title={t('categories.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        </div>
      )}
      {q.data && tree.length === 0 ? (
        <Empty compact title={t('categories.empty')} />
      ) : (
        <Tree
          blockNode
          showLine
          selectable={false}
          treeData={tree}
          expandedKeys={expanded ?? (term ? allKeys : undefined)}
          defaultExpandAll
          onExpand={(keys) => setExpanded(keys.map(String))}
        />
      )}
      {editing && <CategoryModal editing={editing} categories={all} onClose={() => setEditing(null)} />}
    </div>
  );
}

function CategoryModal({ editing, categories, onClose }: { editing: NonNullable<Editing>; categories: AdminCategory[]; onClose: () => void }) {
  const { t } = useTranslation('adminTasks');
  const f = useAdminFormat();
  const { message } = App.useApp();
  const { apiErrorText, errorText } = useErrorText();
  const create = useAdminAction(adminCalls.createCategory);
  const update = useAdminAction(adminCalls.updateCategory);
  const c = editing.mode === 'edit' ? editing.category : null;
  const parent = editing.mode === 'add' ? editing.parent : undefined;
  const [v, setV] = useState<CategoryFormValues>({
    name: c?.name ?? '',
    nameEn: c?.nameEn ?? '',
    description: c?.description ?? '',
    icon: c?.icon ?? 'Tag',
    sortOrder: c?.sortOrder ?? 0,
    level: c?.level ?? (parent ? parent.level + 1 : 1),
    parentId: c?.parentId ?? parent?.id ?? null,
    isActive: c?.isActive ?? true,
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (patch: Partial<CategoryFormValues>) => setV((o) => ({ ...o, ...patch }));
  const level = v.level ?? 1;
  const parents = categories.filter((p) => p.isActive && p.level < level && p.id !== c?.id);

  const submit = () => {
    const errs: Record<string, string> = {};
    if (!String(v.name ?? '').trim()) errs.name = errorText('CATEGORY_NAME_REQUIRED');
    if (typeof v.sortOrder !== 'number' || v.sortOrder < 0 || !Number.isInteger(v.sortOrder)) errs.sortOrder = errorText('SORT_ORDER_INVALID');
    if (level > 1 && !v.parentId) errs.parentId = errorText('CATEGORY_PARENT_REQUIRED');
    setFields(errs);
    if (Object.keys(errs).length) return;
    const body = { ...v, parentId: level === 1 ? null : v.parentId };
    const done = {
      onSuccess: () => {
        void message.success(c ? t('categories.updated') : t('categories.created'));
        onClose();
      },
      onError: (e: unknown) => void message.error(apiErrorText(e, t('categories.saveFailed'))),
    };
    if (c) update.mutate({ id: c.id, body }, done);
    else create.mutate(body, done);
  };

  const item = (key: string, label: string, node: React.ReactNode, extra?: string) => (
    <Form.Item label={label} htmlFor={`cat-${key}`} validateStatus={fields[key] ? 'error' : undefined} help={fields[key] ?? extra} required={key === 'name'}>
      {node}
    </Form.Item>
  );
  return (
    <Modal
      open
      title={c ? t('categories.form.editTitle') : t('categories.form.addTitle')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: create.isPending || update.isPending, 'data-testid': 'category-save' } as never}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        {item(
          'name',
          t('categories.form.name'),
          <Input id="cat-name" maxLength={40} value={v.name} onChange={(e) => set({ name: e.target.value })} data-testid="category-name" />,
        )}
        {item(
          'nameEn',
          t('categories.form.nameEn'),
          <Input id="cat-nameEn" maxLength={60} value={v.nameEn ?? ''} onChange={(e) => set({ nameEn: e.target.value })} />,
          t('categories.form.nameEnHelp'),
        )}
        {item(
          'description',
          t('categories.form.description'),
          <Input.TextArea id="cat-description" rows={2} maxLength={200} value={v.description ?? ''} onChange={(e) => set({ description: e.target.value })} />,
        )}
        <Space wrap>
          {item(
            'icon',
            t('categories.form.icon'),
            <Input id="cat-icon" maxLength={30} value={v.icon} onChange={(e) => set({ icon: e.target.value })} style={{ width: 140 }} />,
          )}
          {item(
            'sortOrder',
            t('categories.form.sortOrder'),
            <InputNumber id="cat-sortOrder" min={0} precision={0} value={v.sortOrder} onChange={(n) => set({ sortOrder: n ?? 0 })} />,
          )}
          {item(
            'level',
            t('categories.form.level'),
            <Select
              id="cat-level"
              value={level}
              style={{ width: 100 }}
              onChange={(n: number) => set({ level: n, parentId: n === 1 ? null : v.parentId })}
              options={[1, 2, 3].map((n) => ({ value: n, label: String(n) }))}
            />,
          )}
        </Space>
        {level > 1 &&
          item(
            'parentId',
            t('categories.form.parent'),
            <Select
              id="cat-parentId"
              value={v.parentId ?? undefined}
              onChange={(id: string) => set({ parentId: id })}
              options={parents.map((p) => ({
                value: p.id,
                label: t('categories.form.parentOption', { name: f.lang === 'en' && p.nameEn ? p.nameEn : p.name, level: p.level }),
              }))}
              placeholder={t('categories.form.parentNone')}
              data-testid="category-parent"
            />,
          )}
        <Form.Item label={t('categories.form.isActive')} htmlFor="cat-isActive">
          <Switch id="cat-isActive" checked={v.isActive} onChange={(on) => set({ isActive: on })} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
