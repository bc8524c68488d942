import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Brand } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { useBrands, useSaveBrand } from '../api/reference';
import { RefDialog, RefForm, invalidForm, showSaveError } from './RefDialog';
import { RefTable } from './RefTable';
import { required, useEditing } from './useEditing';

/** Brands (§3 Brand: BrandId, BrandName): the logo and theme follow a user's brand. */
export function BrandsTab() {
  const brands = useBrands();
  const dialog = useEditing<Brand>();
  return (
    <>
      <RefTable
        title="Brands"
        noun="brand"
        rows={brands.data}
        loading={brands.isPending}
        error={brands.error}
        rowKey={(b) => String(b.BrandId)}
        rowName={(b) => b.BrandName}
        columns={[
          { header: 'Id', value: (b) => b.BrandId, width: 80 },
          { header: 'Brand name', value: (b) => b.BrandName },
        ]}
        onAdd={dialog.add}
        onEdit={dialog.edit}
      />
      <RefDialog opened={dialog.opened} title={dialog.row ? 'Edit brand' : 'Add brand'} onCancel={dialog.cancel}>
        <BrandForm brand={dialog.row} onDone={dialog.done} onCancel={dialog.cancel} />
      </RefDialog>
    </>
  );
}

function BrandForm({ brand, onDone, onCancel }: { brand: Brand | null; onDone: () => void; onCancel: () => void }) {
  const save = useSaveBrand();
  const form = useForm({
    initialValues: { BrandName: brand?.BrandName ?? '' },
    validate: { BrandName: required('Brand name') },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: brand?.BrandId ?? null, body: values });
      adminToast.success(`Brand saved: ${saved.BrandName}`);
      onDone();
    } catch (error) {
      showSaveError(error, ['BrandName'], form.setErrors);
    }
  }, invalidForm);
  return (
    <RefForm onSubmit={submit} onCancel={onCancel} saving={save.isPending}>
      <TextInput label="Brand name" required data-autofocus {...form.getInputProps('BrandName')} />
    </RefForm>
  );
}
