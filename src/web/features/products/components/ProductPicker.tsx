import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseIsbn } from '../../../../shared/contract/products';
import { useErrorText } from '../../../lib/error-text';
import { productByIsbn, type ProductSummaryT, searchProducts } from '../api';

interface ProductPickerProps {
  product: ProductSummaryT | null;
  onProduct: (product: ProductSummaryT | null) => void;
  /** The form was submitted once: a missing product is said. */
  submitted: boolean;
}

/** Looks a product up by ISBN or by name; the product found (or none) goes to `onProduct`. */
function useProductLookup(onProduct: (product: ProductSummaryT | null) => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<ProductSummaryT[]>([]);
  const [looking, setLooking] = useState(false);
  const look = async (find: () => Promise<void>) => {
    setLooking(true);
    try {
      await find();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLooking(false);
    }
  };
  const byIsbn = async (isbn: string) => {
    onProduct(null);
    setError(null);
    // Checked here first by the same library as the server (isbn3); the server decides.
    if (!normaliseIsbn(isbn)) {
      setError(t('error.invalidProductId'));
      return;
    }
    await look(async () => onProduct((await productByIsbn(isbn)).product));
  };
  const byName = async (query: string) => {
    onProduct(null);
    setFound([]);
    setError(null);
    if (!query.trim()) return;
    await look(async () => setFound((await searchProducts(query.trim())).products));
  };
  return { error, setError, found, looking, byIsbn, byName };
}

/** The pairing's product step: found by ISBN or by a name search, then chosen. */
export function ProductPicker({ product, onProduct, submitted }: ProductPickerProps) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'isbn' | 'search'>('isbn');
  const [isbn, setIsbn] = useState('');
  const [query, setQuery] = useState('');
  const {
    error: isbnError,
    setError: setIsbnError,
    found,
    looking,
    byIsbn,
    byName,
  } = useProductLookup(onProduct);
  const findByIsbn = () => byIsbn(isbn);
  const findByName = () => byName(query);

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('products.pair.productStep')}
        </Title>
        <SegmentedControl
          value={by}
          onChange={(v) => {
            setBy(v as 'isbn' | 'search');
            onProduct(null);
            setIsbnError(null);
          }}
          data={[
            { value: 'isbn', label: t('products.pair.byIsbn') },
            { value: 'search', label: t('products.pair.bySearch') },
          ]}
          aria-label={t('products.pair.productStep')}
          w="fit-content"
        />
        {by === 'isbn' ? (
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('products.pair.isbn')}
              description={t('products.pair.isbnHelp')}
              value={isbn}
              onChange={(e) => setIsbn(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void findByIsbn();
                }
              }}
              error={isbnError}
              w={380}
              maw="100%"
              data-testid="isbn-input"
            />
            <Button variant="default" onClick={findByIsbn} loading={looking} data-testid="find-isbn">
              {t('products.pair.find')}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('products.pair.search')}
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void findByName();
                  }
                }}
                error={isbnError}
                w={380}
                maw="100%"
                data-testid="name-search"
              />
              <Button variant="default" onClick={findByName} loading={looking}>
                {t('products.pair.find')}
              </Button>
            </Group>
            {found.length > 0 && (
              <Select
                label={t('products.pair.choose')}
                data={found.map((p) => ({
                  value: String(p.productId),
                  label: `${p.productName} (${p.isbn})`,
                }))}
                value={product ? String(product.productId) : null}
                onChange={(v) => onProduct(found.find((p) => String(p.productId) === v) ?? null)}
                data-testid="found-products"
              />
            )}
          </Stack>
        )}
        {product ? (
          <Alert color="blue" data-testid="chosen-product">
            {t('products.pair.chosen', { name: product.productName, isbn: product.isbn })}
          </Alert>
        ) : (
          submitted && (
            <Text size="sm" c="red.8">
              {t('products.pair.productRequired')}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
