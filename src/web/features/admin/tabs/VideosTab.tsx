import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Avatar, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Statistic, Switch, Table } from 'antd';
import { Empty } from '../../../components/PageState';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { displayCount } from '@shared/counts';
import type { VideoFormValues } from '@shared/schemas/adminContent';
import { DEFAULT_THUMBNAIL, onPosterError } from '../../../components/VideoCard';
import { isApiError, uploadFile } from '../../../lib/api';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { adminCalls, adminVideosQuery, influencerPickerQuery, useAdminAction, videoCategoriesQuery } from '../api';
import { SUCCESS_MS, VIDEO_PAGE_SIZE } from '../constants';
import { useAdminFormat } from '../format';

type AdminVideo = Schema<'AdminVideo'>;

type Tri = 'all' | 'true' | 'false';

/** 视频管理 (part 2 §2): filters, four counters, the table with switches that save at once, add/edit/delete. */
export default function VideosTab() {
  const { t } = useTranslation('adminContent');
  const { message, modal } = App.useApp();
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | undefined>();
  const [featured, setFeatured] = useState<Tri>('all');
  const [active, setActive] = useState<Tri>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  const q = useQuery(adminVideosQuery({ search: search || undefined, category, featured, active, page, limit: VIDEO_PAGE_SIZE }));
  const cats = useQuery(videoCategoriesQuery);
  const toggle = useAdminAction(adminCalls.toggleVideo);
  const remove = useAdminAction(adminCalls.deleteVideo);
  const reason = (e: unknown) => (isApiError(e) ? apiErrorText(e, t('videos.unknownError')) : t('videos.unknownError'));
  const catName = (id: number | null) => {
    const c = cats.data?.items.find((x) => x.id === id);
    return c ? (f.lang === 'en' && c.nameEn ? c.nameEn : c.name) : t('videos.uncategorized');
  };
  const tri = (v: Tri, set: (v: Tri) => void, label: string, testId: string) => (
    <Select<Tri>
      value={v}
      aria-label={label}
      style={{ width: 120 }}
      onChange={(x) => {
        set(x);
        setPage(1);
      }}
      options={[
        { value: 'all', label: `${label}: ${t('videos.all')}` },
        { value: 'true', label: `${label}: ${t('videos.yes')}` },
        { value: 'false', label: `${label}: ${t('videos.no')}` },
      ]}
      data-testid={testId}
    />
  );

  const onToggle = (v: AdminVideo, field: 'isActive' | 'isFeatured', value: boolean) =>
    toggle.mutate(
      { id: v.id, field, value },
      {
        onSuccess: () => void message.success({ content: field === 'isActive' ? t('videos.activeOn') : t('videos.featuredOn'), duration: SUCCESS_MS / 1000 }),
        onError: () => void message.error(t('videos.toggleFailed')),
      },
    );
  const onDelete = (v: AdminVideo) =>
    void modal.confirm({
      title: t('videos.deleteTitle'),
      content: t('videos.deleteConfirm', { title: v.title }),
      okButtonProps: { danger: true, 'data-testid': 'video-delete-ok' } as never,
      onOk: () =>
        remove.mutateAsync(v.id).then(
          () => void message.success({ content: t('videos.deleted'), duration: SUCCESS_MS / 1000 }),
          () => void message.error(t('videos.deleteFailed')),
        ),
    });

  const columns: ColumnsType<AdminVideo> = [
    {
      title: t('videos.columns.info'),
      key: 'info',
      render: (_: unknown, v) => (
        <div className="adm-video">
          <img src={v.posterUrl || DEFAULT_THUMBNAIL} onError={onPosterError} alt="" width={96} height={54} className="adm-video__poster" />
          <div className="adm-video__text">
            <strong data-testid="video-title">{v.title}</strong>
            {v.description && <span className="adm-change adm-video__desc">{v.description}</span>}
            <span className="adm-change">
              {v.duration ?? ''} · {f.date(v.createdAt)}
            </span>
          </div>
        </div>
      ),
    },
    { title: t('videos.columns.category'), key: 'category', render: (_: unknown, v) => catName(v.categoryId), responsive: ['md'] },
    {
      title: t('videos.columns.influencer'),
      key: 'influencer',
      responsive: ['lg'],
      render: (_: unknown, v) => (
        <Space>
          <Avatar src={v.influencerAvatar || undefined}>{(v.influencerName ?? '?').slice(0, 1)}</Avatar>
          <span>
            {v.influencerName ?? t('videos.unknownInfluencer')}
            <br />
            <span className="adm-change">
              {t('videos.followers', { n: displayCount(v.influencerFollowers, f.lang) })} · {t('videos.rating', { rating: v.influencerRating.toFixed(1) })}
            </span>
          </span>
        </Space>
      ),
    },
    {
      title: t('videos.columns.stats'),
      key: 'stats',
      responsive: ['xl'],
      render: (_: unknown, v) =>
        t('videos.stats', {
          views: displayCount(v.viewsCount, f.lang),
          likes: displayCount(v.likesCount, f.lang),
          comments: displayCount(v.commentsCount, f.lang),
          shares: displayCount(v.sharesCount, f.lang),
        }),
    },
    {
      title: t('videos.columns.status'),
      key: 'status',
      render: (_: unknown, v) => (
        <Space orientation="vertical" size={4}>
          <label>
            <Switch size="small" checked={v.isActive} onChange={(on) => onToggle(v, 'isActive', on)} data-testid="video-active" /> {t('videos.active')}
          </label>
          <label>
            <Switch size="small" checked={v.isFeatured} onChange={(on) => onToggle(v, 'isFeatured', on)} data-testid="video-featured" /> {t('videos.featured')}
          </label>
        </Space>
      ),
    },
    {
      title: t('videos.columns.actions'),
      key: 'actions',
      render: (_: unknown, v) => (
        <Space>
          <Button size="small" onClick={() => setEditing(v)} data-testid="video-edit">
            {t('videos.edit')}
          </Button>
          <Button size="small" danger onClick={() => onDelete(v)} data-testid="video-delete">
            {t('videos.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VIDEO_PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * VIDEO_PAGE_SIZE + 1;
  const to = Math.min(total, page * VIDEO_PAGE_SIZE);
  const counters = q.data?.counters;
  return (
    <div data-testid="admin-videos">
      <div className="adm-toolbar">
        <Input.Search
          allowClear
          placeholder={t('videos.searchPlaceholder')}
          aria-label={t('videos.searchPlaceholder')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="videos-search"
        />
        <Select<number | undefined>
          allowClear
          value={category}
          placeholder={t('videos.allCategories')}
          aria-label={t('videos.category')}
          style={{ width: 140 }}
          onChange={(v) => {
            setCategory(v);
            setPage(1);
          }}
          options={(cats.data?.items ?? []).map((c) => ({ value: c.id, label: f.lang === 'en' && c.nameEn ? c.nameEn : c.name }))}
        />
        {tri(featured, setFeatured, t('videos.featured'), 'videos-featured')}
        {tri(active, setActive, t('videos.active'), 'videos-active')}
        <Button icon={<ReloadOutlined />} onClick={() => void qc.invalidateQueries({ queryKey: influencerPickerQuery.queryKey })}>
          {t('videos.refreshInfluencers')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching} data-testid="videos-refresh">
          {t('videos.refreshVideos')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="video-add">
          {t('videos.add')}
        </Button>
      </div>
      <div className="adm-cards">
        {(['total', 'featured', 'active', 'inactive'] as const).map((k) => (
          <Card size="small" key={k}>
            <Statistic title={t(`videos.counters.${k}`)} value={counters ? counters[k] : '—'} />
          </Card>
        ))}
      </div>
      {q.isError && <Alert type="error" showIcon title={t('videos.loadFailed', { reason: reason(q.error) })} style={{ marginBottom: 12 }} />}
      {cats.isError && <Alert type="warning" showIcon title={t('videos.categoriesFailed', { reason: reason(cats.error) })} style={{ marginBottom: 12 }} />}
      <Table<AdminVideo>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty compact level={3} title={t('videos.empty')} /> }}
        onRow={() => ({ 'data-testid': 'video-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={false}
      />
      <div className="adm-pager" data-testid="videos-pager">
        <span>{t('showing', { ns: 'admin', from, to, total })}</span>
        <Space>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('videos.previous')}
          </Button>
          <span>{t('videos.pageOf', { page, pages })}</span>
          <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('videos.next')}
          </Button>
        </Space>
      </div>
      {editing && <VideoModal video={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function VideoModal({ video, onClose }: { video: AdminVideo | null; onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const { message } = App.useApp();
  const { apiErrorText, errorText } = useErrorText();
  const f = useAdminFormat();
  const cats = useQuery(videoCategoriesQuery);
  const create = useAdminAction(adminCalls.createVideo);
  const update = useAdminAction(adminCalls.updateVideo);
  const [picking, setPicking] = useState(false);
  const [cover, setCover] = useState<{ id?: string; url: string | null }>({ url: video?.posterUrl ?? null });
  const [uploading, setUploading] = useState(false);
  const [v, setV] = useState<VideoFormValues & { tagsText: string }>({
    title: video?.title ?? '',
    videoUrl: video?.videoUrl ?? '',
    description: video?.description ?? '',
    categoryId: video?.categoryId ?? null,
    duration: video?.duration ?? '',
    sortOrder: video?.sortOrder ?? 0,
    influencerId: video?.influencerId ?? null,
    influencerName: video?.influencerName ?? '',
    influencerFollowers: video?.influencerFollowers ?? '',
    influencerRating: video?.influencerRating ?? 0,
    viewsCount: video?.viewsCount ?? 0,
    likesCount: video?.likesCount ?? 0,
    commentsCount: video?.commentsCount ?? 0,
    sharesCount: video?.sharesCount ?? 0,
    tagsText: (video?.tags ?? []).join(', '),
    isFeatured: video?.isFeatured ?? false,
    isActive: video?.isActive ?? true,
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof v>) => setV((o) => ({ ...o, ...patch }));
  const canSave = String(v.title ?? '').trim() !== '' && String(v.videoUrl ?? '').trim() !== '';

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      void message.error(t('videos.form.imageOnly'));
      return;
    }
    setUploading(true);
    uploadFile<Schema<'UploadResponse'>>('/api/uploads?purpose=video-cover', file)
      .then((up) => setCover({ id: up.id, url: up.url }))
      .catch(
        (e: unknown) =>
          void message.error(t('videos.form.uploadFailed', { message: isApiError(e) ? apiErrorText(e, t('videos.unknownError')) : t('videos.unknownError') })),
      )
      .finally(() => setUploading(false));
  };

  const submit = () => {
    const { tagsText, ...rest } = v;
    const body: VideoFormValues = {
      ...rest,
      tags: tagsText,
      posterUploadId: cover.id,
      removePoster: !cover.url && Boolean(video?.posterUrl),
      duration: v.duration || null,
    };
    const opts = {
      onSuccess: () => {
        void message.success({ content: video ? t('videos.updated') : t('videos.created'), duration: SUCCESS_MS / 1000 });
        onClose();
      },
      onError: (e: unknown) => {
        if (isApiError(e) && e.fields) setFields(Object.fromEntries(Object.entries(e.fields).map(([k, code]) => [k, errorText(code)])));
        void message.error(t('videos.saveFailed', { reason: apiErrorText(e, t('videos.unknownError')) }));
      },
    };
    setFields({});
    if (video) update.mutate({ id: video.id, body }, opts);
    else create.mutate(body, opts);
  };

  const item = (key: string, label: string, node: React.ReactNode, help?: string, required = false) => (
    <Form.Item label={label} htmlFor={`video-${key}`} validateStatus={fields[key] ? 'error' : undefined} help={fields[key] ?? help} required={required}>
      {node}
    </Form.Item>
  );
  const num = (key: 'viewsCount' | 'likesCount' | 'commentsCount' | 'sharesCount' | 'sortOrder', label: string) =>
    item(
      key,
      label,
      <InputNumber id={`video-${key}`} min={0} precision={0} value={v[key] as number} onChange={(n) => set({ [key]: n ?? 0 })} style={{ width: 130 }} />,
    );

  return (
    <Modal
      open
      width={760}
      title={video ? t('videos.form.editTitle') : t('videos.form.addTitle')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ disabled: !canSave || uploading, loading: create.isPending || update.isPending, 'data-testid': 'video-save' } as never}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        {item(
          'title',
          t('videos.form.title'),
          <Input id="video-title" maxLength={100} value={v.title} onChange={(e) => set({ title: e.target.value })} data-testid="video-form-title" />,
          undefined,
          true,
        )}
        {item(
          'videoUrl',
          t('videos.form.videoUrl'),
          <Input
            id="video-videoUrl"
            type="url"
            maxLength={500}
            value={v.videoUrl}
            onChange={(e) => set({ videoUrl: e.target.value })}
            data-testid="video-form-url"
          />,
          t('videos.form.videoUrlHelp'),
          true,
        )}
        {item(
          'description',
          t('videos.form.description'),
          <Input.TextArea
            id="video-description"
            rows={2}
            maxLength={2000}
            value={v.description ?? ''}
            onChange={(e) => set({ description: e.target.value })}
          />,
        )}
        <Space wrap align="start">
          {item(
            'categoryId',
            t('videos.form.category'),
            <Select<number | null>
              id="video-categoryId"
              allowClear
              style={{ width: 160 }}
              value={v.categoryId ?? null}
              onChange={(c) => set({ categoryId: c ?? null })}
              options={(cats.data?.items ?? []).map((c) => ({ value: c.id, label: f.lang === 'en' && c.nameEn ? c.nameEn : c.name }))}
            />,
          )}
          {item(
            'duration',
            t('videos.form.duration'),
            <Input id="video-duration" style={{ width: 110 }} value={v.duration ?? ''} onChange={(e) => set({ duration: e.target.value })} />,
            t('videos.form.durationHelp'),
          )}
          {num('sortOrder', t('videos.form.sortOrder'))}
        </Space>
        {item(
          'posterUploadId',
          t('videos.form.cover'),
          <Space wrap align="center">
            <img
              src={cover.url || DEFAULT_THUMBNAIL}
              onError={onPosterError}
              alt=""
              width={128}
              height={72}
              className="adm-video__poster"
              data-testid="video-cover-preview"
            />
            <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
              <UploadOutlined /> {t('videos.form.uploadCover')}
              <input type="file" accept="image/*" hidden onChange={(e) => pickFile(e.target.files?.[0])} data-testid="video-cover-input" />
            </label>
            {cover.url && <Button onClick={() => setCover({ url: null })}>{t('videos.form.removeCover')}</Button>}
          </Space>,
        )}
        {item(
          'influencerId',
          t('videos.form.influencer'),
          <Space wrap>
            <Input
              id="video-influencerId"
              style={{ width: 180 }}
              value={v.influencerName ?? ''}
              disabled={Boolean(v.influencerId)}
              placeholder={t('videos.form.influencerName')}
              onChange={(e) => set({ influencerName: e.target.value })}
            />
            <Button onClick={() => setPicking(true)} data-testid="video-pick-influencer">
              {t('videos.form.pickInfluencer')}
            </Button>
            {v.influencerId && <Button onClick={() => set({ influencerId: null })}>{t('videos.form.clearInfluencer')}</Button>}
          </Space>,
        )}
        {!v.influencerId && (
          <Space wrap>
            {item(
              'influencerFollowers',
              t('videos.form.influencerFollowers'),
              <Input
                id="video-influencerFollowers"
                style={{ width: 130 }}
                value={v.influencerFollowers ?? ''}
                onChange={(e) => set({ influencerFollowers: e.target.value })}
              />,
            )}
            {item(
              'influencerRating',
              t('videos.form.influencerRating'),
              <InputNumber
                id="video-influencerRating"
                min={0}
                max={5}
                step={0.1}
                precision={1}
                value={v.influencerRating}
                onChange={(n) => set({ influencerRating: n ?? 0 })}
              />,
            )}
          </Space>
        )}
        {item(
          'tags',
          t('videos.form.tags'),
          <Input id="video-tags" value={v.tagsText} onChange={(e) => set({ tagsText: e.target.value })} />,
          t('videos.form.tagsHelp'),
        )}
        <Space wrap>
          {num('viewsCount', t('videos.form.views'))}
          {num('likesCount', t('videos.form.likes'))}
          {num('commentsCount', t('videos.form.comments'))}
          {num('sharesCount', t('videos.form.shares'))}
        </Space>
        <Space size="large">
          <label>
            <Switch checked={v.isFeatured} onChange={(on) => set({ isFeatured: on })} /> {t('videos.form.isFeatured')}
          </label>
          <label>
            <Switch checked={v.isActive} onChange={(on) => set({ isActive: on })} /> {t('videos.form.isActive')}
          </label>
        </Space>
        <button type="submit" hidden />
      </Form>
      {picking && (
        <InfluencerPickerModal
          onClose={() => setPicking(false)}
          onPick={(p) => {
            set({ influencerId: p.id, influencerName: p.nickname });
            setPicking(false);
          }}
        />
      )}
    </Modal>
  );
}

function InfluencerPickerModal({ onClose, onPick }: { onClose: () => void; onPick: (p: { id: string; nickname: string }) => void }) {
  const { t } = useTranslation('adminContent');
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const q = useQuery(influencerPickerQuery);
  const [term, setTerm] = useState('');
  const list = (q.data?.items ?? []).filter((i) => !term || i.nickname.toLowerCase().includes(term.toLowerCase()));
  return (
    <Modal open title={t('videos.picker.title')} onCancel={onClose} footer={null} width={640}>
      <Input.Search allowClear placeholder={t('videos.picker.search')} onChange={(e) => setTerm(e.target.value)} style={{ marginBottom: 12 }} />
      {q.isError && <Alert type="error" showIcon title={t('videos.influencersFailed', { reason: apiErrorText(q.error, t('videos.unknownError')) })} />}
      {q.data && list.length === 0 ? (
        <Empty compact level={3} title={t('videos.picker.empty')} />
      ) : (
        <div className="adm-picker" data-testid="influencer-picker">
          {list.map((i) => (
            <button type="button" key={i.id} className="adm-picker__item" onClick={() => onPick(i)} data-testid="picker-item">
              <Avatar src={i.avatarUrl || undefined} size={48}>
                {i.nickname.slice(0, 1)}
              </Avatar>
              <span className="adm-picker__name">{i.nickname}</span>
              <span className="adm-change">
                {displayCount(i.followersCount, f.lang)} · {i.rating.toFixed(1)}
              </span>
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}
